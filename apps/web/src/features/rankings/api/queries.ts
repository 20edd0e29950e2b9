import { queryOptions } from '@tanstack/react-query';
import type { RankingParams } from '../lib/search-params.ts';
import { getRanking } from './rankings-api.ts';

/** A fit runs every few minutes: a ranking read a minute ago is fresh enough, an hour ago is not. */
const RANKING_STALE_MS = 60_000;

export const rankingKeys = {
  all: ['rankings'] as const,
  ranking: (teamSlug: string | null, params: RankingParams) =>
    [...rankingKeys.all, 'scope', teamSlug ?? '(global)', params] as const,
};

// Paged lists keep the previous page on screen while the next one loads.
export const rankingQuery = (teamSlug: string | null, params: RankingParams) =>
  queryOptions({
    queryKey: rankingKeys.ranking(teamSlug, params),
    queryFn: () => getRanking(teamSlug, params),
    // Another page or filter of the same scope stays on screen while loading; another team or segment
    // does not (its rows would pass for the new ranking's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (teamSlug ?? '(global)') && previousQuery.queryKey[3].segment === params.segment
        ? previous
        : undefined,
    staleTime: RANKING_STALE_MS,
  });
