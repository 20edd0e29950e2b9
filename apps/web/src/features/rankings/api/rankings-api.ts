import { later } from '#lib/later-schemas.ts';
import { api } from '#lib/api.ts';
import type { RankingParams } from '../lib/search-params.ts';
import { rankingRequestQuery } from './early-ranking.ts';

export { RANKING_PAGE_SIZE } from './early-ranking.ts';

/** The global ranking (no team) or one team's, narrowed by the filters; ranks stay the scope's. */
export const getRanking = (teamSlug: string | null, params: RankingParams) =>
  api.request('/rankings', {
    query: rankingRequestQuery(teamSlug, params),
    schema: later('rankingResponse'),
  });

export type ExportFormat = 'csv' | 'json';

/** The ranking snapshot as a file (a plain link: the server answers with an attachment). */
export function rankingExportUrl(teamSlug: string | null, format: ExportFormat, segment?: string): string {
  const query = new URLSearchParams();
  if (teamSlug) query.set('team', teamSlug);
  if (segment) query.set('segment', segment);
  query.set('format', format);
  return `/api/rankings/export?${query.toString()}`;
}

/** Every vote, anonymised, as a file. */
export const votesExportUrl = (format: ExportFormat) => `/api/votes/export?format=${format}`;
