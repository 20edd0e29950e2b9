import { ActionIcon, Badge, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerTrackNext, IconTrophy } from '@tabler/icons-react';
import { TOURNAMENT_STATUSES, type ManageTournament, type TournamentStatus } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#lib/use-locale.ts';
import { deleteTournament } from '../api/sistema-api.ts';
import { tournamentListQuery } from '../api/queries.ts';
import { CloseRoundModal } from '../components/close-round-modal.tsx';
import { FilterSelect, useListParams } from '../components/list-controls.tsx';
import { SistemaListScreen } from '../components/sistema-list-screen.tsx';
import { TournamentForm } from '../components/tournament-form.tsx';
import { useEditor } from '../components/use-editor.ts';
import { jerseyName } from '../lib/jersey-name.ts';
import { oneOf } from '../lib/url-filters.ts';
import { roundLabelKey } from '#lib/tournaments.ts';

/** URL parameter of the status filter (an API status: upcoming, ongoing, completed). */
export const STATUS_PARAM = 'situacao';

/** As the public pages show them: the running ones stand out, the finished ones recede. */
const STATUS_BADGES: Record<TournamentStatus, { variant: 'filled' | 'light' | 'outline'; color?: string }> = {
  upcoming: { variant: 'outline' },
  ongoing: { variant: 'filled' },
  completed: { variant: 'light', color: 'gray' },
};

/** /sistema/torneios — every tournament, filterable by status; created, edited and moved on from here. */
export function SistemaTournamentsRoute() {
  const { t } = useTranslation(['sistema', 'tournaments']);
  const locale = useLocale();
  const english = locale.startsWith('en');
  const list = useListParams('-start');
  const status = oneOf<TournamentStatus>(TOURNAMENT_STATUSES, list.filter(STATUS_PARAM));
  const query = useQuery(tournamentListQuery({ search: list.query, page: list.page, sort: list.sort, status }));
  const closing = useEditor<ManageTournament>();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const name = (tournament: ManageTournament) => (english ? tournament.nameEn : tournament.namePt);

  return (
    <>
      <SistemaListScreen<ManageTournament>
        resource="tournaments"
        list={list}
        query={query}
        filtered={status !== undefined}
        filters={
          <FilterSelect
            list={list}
            param={STATUS_PARAM}
            label={t('tournaments.statusFilter')}
            all={t('tournaments.statuses.all')}
            options={TOURNAMENT_STATUSES.map((value) => ({ value, label: t(`tournaments.statuses.${value}`) }))}
            value={status}
            w={200}
          />
        }
        name={name}
        minWidth={860}
        columns={[
          {
            label: t('tournaments.columns.name'),
            sort: 'name',
            card: 'title',
            cell: (tournament) => (
              <Text fw={700} size="sm">
                {name(tournament)}
              </Text>
            ),
          },
          {
            label: t('tournaments.columns.status'),
            cell: (tournament) => (
              <Badge {...STATUS_BADGES[tournament.status]} style={{ minWidth: 'max-content' }}>
                {t(`tournaments.status.${tournament.status}`)}
              </Badge>
            ),
          },
          {
            label: t('tournaments.columns.start'),
            sort: 'start',
            descendingFirst: true,
            cell: (tournament) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {date.format(new Date(tournament.startsAt))}
              </Text>
            ),
          },
          {
            label: t('tournaments.columns.size'),
            cell: (tournament) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('tournaments.sizeOption', { size: tournament.size })}
              </Text>
            ),
          },
          { label: t('tournaments.columns.progress'), cell: (tournament) => <Progress tournament={tournament} /> },
        ]}
        form={(tournament, done) => <TournamentForm tournament={tournament} onDone={done} />}
        formSize="72rem"
        remove={deleteTournament}
        // Deleting is refused once the bracket is drawn (docs/tournaments.md §2).
        canDelete={(tournament) => tournament.status === 'upcoming'}
        rowActions={(tournament) =>
          tournament.status === 'ongoing' && tournament.currentRound !== null ? (
            <Tooltip label={t('tournaments.closeRound.action')} withArrow>
              <ActionIcon
                variant="subtle"
                color="orange"
                size="lg"
                onClick={() => closing.open(tournament)}
                aria-label={t('tournaments.closeRound.label', { name: name(tournament) })}
              >
                <IconPlayerTrackNext size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null
        }
      />
      <CloseRoundModal editor={closing} name={name} />
    </>
  );
}

/** The open round, the champion, or why there is neither yet. */
function Progress({ tournament }: { tournament: ManageTournament }) {
  const { t } = useTranslation(['sistema', 'tournaments']);
  if (tournament.champion)
    return (
      // Positioned: the visually hidden label inside stays in the table's scroll box (an absolute element
      // placed against the page would widen a phone's page to the table's width).
      <Text size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, position: 'relative' }}>
        <IconTrophy size={16} aria-hidden color="var(--mantine-color-yellow-filled)" />
        <span>
          <VisuallyHidden>{t('tournaments.champion')}: </VisuallyHidden>
          {jerseyName(tournament.champion)}
        </span>
      </Text>
    );
  if (tournament.currentRound !== null)
    return <Text size="sm">{t(roundLabelKey(tournament.size, tournament.currentRound))}</Text>;
  // Started but not drawn yet: the round job draws within moments of the start (docs/tournaments.md §3).
  return (
    <Text size="sm" c="dimmed">
      {t(tournament.status === 'upcoming' ? 'tournaments.notStarted' : 'tournaments.drawing')}
    </Text>
  );
}
