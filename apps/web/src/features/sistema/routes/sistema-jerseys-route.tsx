import { Box, Select, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManageJersey } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { notifyError } from '#lib/notify.ts';
import { deleteJersey, setJerseyActive } from '../api/sistema-api.ts';
import { invalidateAfterChange, jerseyListQuery, sistemaKeys, optionsQuery } from '../api/queries.ts';
import { JerseyForm } from '../components/jersey-form.tsx';
import { useListParams } from '../components/list-controls.tsx';
import { accentInsensitive, toSelectData } from '#lib/select-filter.ts';
import { SistemaListScreen } from '../components/sistema-list-screen.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { jerseyName } from '../lib/jersey-name.ts';

/** URL parameter of the team filter (a team id). */
const TEAM = 'time';

type JerseyPage = { items: ManageJersey[]; total: number; page: number; pageSize: number };

/** The row's "Ativa" switch: flips at once, PATCHes, and flips back if the server refuses. */
function ActiveSwitch({ jersey }: { jersey: ManageJersey }) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const listsKey = [...sistemaKeys.jerseys(), 'list'];
  const mutation = useMutation({
    mutationFn: (active: boolean) => setJerseyActive(jersey.id, active),
    onMutate: async (active) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous = queryClient.getQueriesData<JerseyPage>({ queryKey: listsKey });
      queryClient.setQueriesData<JerseyPage>(
        { queryKey: listsKey },
        (page) =>
          page && { ...page, items: page.items.map((item) => (item.id === jersey.id ? { ...item, active } : item)) },
      );
      return { previous };
    },
    onError: (error, _active, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      if (!(error instanceof SessionEndedError)) notifyError(errorMessage(error, t('jerseys.toggleFailed')));
    },
    onSettled: () => invalidateAfterChange(queryClient, 'jerseys'),
  });
  return (
    <Switch
      checked={jersey.active}
      onChange={(event) => mutation.mutate(event.currentTarget.checked)}
      aria-label={t('jerseys.activeLabel', { name: jerseyName(jersey) })}
    />
  );
}

/** /sistema/camisas — every jersey (active or not), filterable by team, created and edited in a dialog. */
export function SistemaJerseysRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const list = useListParams('-updated');
  const team = list.filter(TEAM);
  const query = useQuery(
    jerseyListQuery({ search: list.query, page: list.page, sort: list.sort, team: team ?? undefined }),
  );
  const options = useQuery(optionsQuery());
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });

  return (
    <SistemaListScreen<ManageJersey>
      resource="jerseys"
      list={list}
      query={query}
      filtered={Boolean(team)}
      filters={
        <Select
          label={t('jerseys.teamFilter')}
          placeholder={options.isPending ? t('form.optionsLoading') : t('jerseys.allTeams')}
          data={toSelectData(options.data?.teams ?? [])}
          value={team}
          onChange={(value) => list.setFilter(TEAM, value)}
          searchable
          clearable
          filter={accentInsensitive}
          nothingFoundMessage={t('form.nothingFound')}
          disabled={options.isPending}
          description={options.isError ? t('form.optionsFailed') : undefined}
          comboboxProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': t('jerseys.clearTeam') }}
          w={240}
        />
      }
      name={jerseyName}
      minWidth={780}
      spacing="xs"
      columns={[
        {
          label: t('jerseys.columns.image'),
          w: 72,
          card: 'media',
          cell: (jersey) => (
            <Box w={56}>
              <JerseyImage image={jersey.image} alt="" sizes="56px" />
            </Box>
          ),
        },
        {
          label: t('jerseys.columns.team'),
          sort: 'team',
          card: 'title',
          cell: (jersey) => (
            <Text fw={700} size="sm">
              {jersey.team.name}
            </Text>
          ),
        },
        {
          label: t('jerseys.columns.season'),
          sort: 'season',
          descendingFirst: true,
          cell: (jersey) => (
            <>
              <Text size="sm">{jersey.modelYear}</Text>
              {jersey.modelYear !== String(jersey.season) && (
                <Text size="xs" c="dimmed">
                  {jersey.season}
                </Text>
              )}
            </>
          ),
        },
        { label: t('jerseys.columns.model'), cell: (jersey) => <Text size="sm">{jersey.model.name}</Text> },
        { label: t('jerseys.columns.supplier'), cell: (jersey) => <Text size="sm">{jersey.supplier.name}</Text> },
        {
          label: t('jerseys.columns.updated'),
          sort: 'updated',
          descendingFirst: true,
          cell: (jersey) => (
            <Text size="sm" c="dimmed">
              {date.format(new Date(jersey.updatedAt))}
            </Text>
          ),
        },
        { label: t('jerseys.columns.active'), cell: (jersey) => <ActiveSwitch jersey={jersey} /> },
      ]}
      form={(jersey, done) => <JerseyForm jersey={jersey} defaultTeamId={team} onDone={done} />}
      formSize="lg"
      remove={deleteJersey}
    />
  );
}
