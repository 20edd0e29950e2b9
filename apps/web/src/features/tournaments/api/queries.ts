import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TournamentStatus } from '@manto/contracts';
import { tournamentKeys } from '#api/keys.ts';
import { refetchDelay } from '#lib/countdown.ts';
import { getTournament, getTournaments } from './tournaments-api.ts';

export const tournamentListQuery = (status: TournamentStatus, page: number) =>
  queryOptions({
    queryKey: tournamentKeys.list({ status, page }),
    queryFn: () => getTournaments(status, page),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/**
 * A tournament's page. It changes on its own when a round closes or the tournament starts, so it is fetched
 * again just after that moment (and every few seconds while the server's round job catches up).
 */
export const tournamentQuery = (slug: string) =>
  queryOptions({
    queryKey: tournamentKeys.detail(slug),
    queryFn: () => getTournament(slug),
    staleTime: 15_000,
    refetchInterval: (query) => {
      const t = query.state.data;
      if (!t || t.status === 'completed') return false;
      if (t.status === 'upcoming') return refetchDelay(t.startsAt);
      // Ongoing with no round open: the next one is about to be drawn.
      return t.roundClosesAt ? refetchDelay(t.roundClosesAt) : 10_000;
    },
  });
