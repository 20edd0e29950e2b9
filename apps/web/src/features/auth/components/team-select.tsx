import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { teamOptionsQuery } from '#api/team-options.ts';
import { accentInsensitive } from '#lib/select-filter.ts';
import { localName } from '#lib/names.ts';

/** The favourite team, searchable, from GET /api/teams. The value is the team's slug. */
export function TeamSelect(props: Omit<SelectProps, 'data' | 'label'>) {
  const { t } = useTranslation('auth');
  const teams = useQuery(teamOptionsQuery());
  const data = (teams.data ?? [])
    .map((team) => ({ value: team.slug, label: localName(team) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Select
      label={t('fields.favouriteTeam')}
      placeholder={teams.isPending ? t('fields.teamsLoading') : t('fields.favouriteTeamPlaceholder')}
      data={data}
      searchable
      filter={accentInsensitive}
      allowDeselect={false}
      nothingFoundMessage={t('fields.noTeamFound')}
      disabled={teams.isPending}
      description={teams.isError ? t('fields.teamsFailed') : undefined}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      {...props}
    />
  );
}
