import { rankingResponse, teamRankingsResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';

export const RANKING_PAGE_SIZE = 50;
export const TEAM_RANKINGS_PAGE_SIZE = 48;

export interface RankingParams {
  seasonFrom?: number | undefined;
  seasonTo?: number | undefined;
  model?: string | undefined;
  supplier?: string | undefined;
  page: number;
}

export interface TeamRankingsParams {
  search?: string | undefined;
  page: number;
}

const defined = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/** The global ranking (no team) or one team's, narrowed by the filters; ranks stay the scope's. */
export const getRanking = (teamSlug: string | null, params: RankingParams) =>
  api.request('/rankings', {
    query: defined({ team: teamSlug ?? undefined, ...params, pageSize: RANKING_PAGE_SIZE }),
    schema: rankingResponse,
  });

/** Every team with its jersey count and current leader. */
export const getTeamRankings = (params: TeamRankingsParams) =>
  api.request('/rankings/teams', {
    query: defined({ ...params, pageSize: TEAM_RANKINGS_PAGE_SIZE }),
    schema: teamRankingsResponse,
  });

export type ExportFormat = 'csv' | 'json';

/** The ranking snapshot as a file (a plain link: the server answers with an attachment). */
export function rankingExportUrl(teamSlug: string | null, format: ExportFormat): string {
  const query = new URLSearchParams();
  if (teamSlug) query.set('team', teamSlug);
  query.set('format', format);
  return `/api/rankings/export?${query.toString()}`;
}

/** Every vote, anonymised, as a file. */
export const votesExportUrl = (format: ExportFormat) => `/api/votes/export?format=${format}`;
