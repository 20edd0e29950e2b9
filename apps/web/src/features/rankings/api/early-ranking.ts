import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { type RankingParams, parseRankingSearch } from '../lib/search-params.ts';

// The ranking's request without zod, so the router can start it with the first screen.

export const RANKING_PAGE_SIZE = 50;

/** The query of GET /api/rankings for a scope and its filters (rankings-api.ts, getRanking). */
export const rankingRequestQuery = (teamSlug: string | null, params: RankingParams) =>
  definedQuery({ team: teamSlug ?? undefined, ...params, pageSize: RANKING_PAGE_SIZE });

/**
 * Asks for the global ranking the page's URL shows while the page's code loads; the page's query
 * takes the answer (lib/api-client.ts, prime).
 */
export function primeGlobalRanking(search: string): void {
  api.prime('/rankings', rankingRequestQuery(null, parseRankingSearch(new URLSearchParams(search))));
}
