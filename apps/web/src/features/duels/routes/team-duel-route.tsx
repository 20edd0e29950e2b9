import { Button, Group, Select } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { teamScopeQuery } from '../api/queries.ts';
import { DuelScreen } from '../components/duel-screen.tsx';
import { EmptyScope } from '../components/empty-scope.tsx';
import { ScopeHeader, type Crumb } from '../components/scope-header.tsx';
import { TeamCrest } from '#components/team-crest.tsx';
import { localName } from '#lib/names.ts';

const ALL = '*';

/**
 * /comparar/times/:teamSlug[/:modelSlug] — duels among one team's jerseys, optionally narrowed to
 * one of its models (chosen in the header).
 */
export function TeamDuelRoute() {
  const { t } = useTranslation('duels');
  const navigate = useNavigate();
  const { teamSlug = '', modelSlug } = useParams();
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const teamQuery = useQuery(teamScopeQuery(teamSlug));
  const titleTeam = teamQuery.data?.team;
  const titleModel = modelSlug ? teamQuery.data?.models.find((m) => m.slug === modelSlug) : undefined;
  useDocumentTitle(
    titleTeam &&
      (modelSlug
        ? titleModel && t('scope.model.title', { team: localName(titleTeam), model: localName(titleModel) })
        : t('scope.team.title', { team: localName(titleTeam) })),
  );

  if (teamQuery.error instanceof ApiError && teamQuery.error.status === 404) return <NotFoundScreen />;

  const team = teamQuery.data?.team;
  const models = teamQuery.data?.models ?? [];
  const teamPath = `/comparar/times/${teamSlug}`;

  return (
    <DuelScreen
      scope={{ team: teamSlug, ...(modelSlug ? { model: modelSlug } : {}) }}
      header={(data) => {
        const scopeTeam = data?.scope.team ?? team;
        const teamName = scopeTeam ? localName(scopeTeam) : null;
        const scopeModel = modelSlug ? (data?.scope.model ?? models.find((m) => m.slug === modelSlug)) : undefined;
        const modelName = scopeModel ? localName(scopeModel) : null;
        const crumbs: Crumb[] = [
          { label: t('scope.globalLink'), to: '/' },
          { label: t('scope.teamsLink'), to: '/comparar/times' },
        ];
        if (teamName) crumbs.push(modelSlug ? { label: teamName, to: teamPath } : { label: teamName });
        if (modelName) crumbs.push({ label: modelName });
        const title =
          teamName === null || (modelSlug && modelName === null)
            ? null
            : modelName
              ? t('scope.model.title', { team: teamName, model: modelName })
              : t('scope.team.title', { team: teamName });
        // A model of another team is not in this team's list: keep it selectable while shown.
        const options = [
          { value: ALL, label: t('scope.allModels') },
          ...models.map((m) => ({ value: m.slug, label: localName(m) })),
          ...(modelSlug && modelName && !models.some((m) => m.slug === modelSlug)
            ? [{ value: modelSlug, label: modelName }]
            : []),
        ];
        return (
          <ScopeHeader
            mark={team ? <TeamCrest team={team} size={isPhone ? 40 : 52} /> : undefined}
            crumbs={crumbs}
            title={title}
            subtitle={
              modelName
                ? t('scope.model.subtitle', { model: modelName })
                : teamName
                  ? t('scope.team.subtitle')
                  : undefined
            }
            jerseysCount={data?.jerseysCount}
            aside={
              <Group gap="sm" align="end" wrap="nowrap" w={isPhone ? '100%' : undefined}>
                <Select
                  label={t('scope.modelLabel')}
                  data={options}
                  value={modelSlug ?? ALL}
                  onChange={(value) => navigate(value && value !== ALL ? `${teamPath}/${value}` : teamPath)}
                  allowDeselect={false}
                  disabled={!teamQuery.data}
                  w={isPhone ? undefined : 200}
                  style={isPhone ? { flex: 1, minWidth: 0 } : undefined}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  component={Link}
                  to={`/rankings/times/${teamSlug}`}
                  variant="default"
                  leftSection={<IconChartBar size={18} aria-hidden />}
                >
                  {t('scope.ranking')}
                </Button>
              </Group>
            }
          />
        );
      }}
      empty={(data) => {
        const scopeTeam = data.scope.team ?? team;
        const teamName = scopeTeam ? localName(scopeTeam) : teamSlug;
        return data.scope.model ? (
          <EmptyScope kind="model" team={teamName} teamSlug={teamSlug} model={localName(data.scope.model)} />
        ) : (
          <EmptyScope kind="team" team={teamName} />
        );
      }}
    />
  );
}
