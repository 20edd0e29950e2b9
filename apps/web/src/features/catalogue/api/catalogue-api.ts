import { jerseyDetail, teamJerseysResponse, teamListResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';

export interface TeamListParams {
  search?: string;
  category?: string;
  page: number;
}

export interface TeamJerseysParams {
  seasonFrom?: number;
  seasonTo?: number;
  model?: string;
  supplier?: string;
  sort: 'season_desc' | 'season_asc';
  page: number;
}

const defined = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const getTeams = (params: TeamListParams) =>
  api.request('/catalogue/teams', { query: defined({ ...params, pageSize: 48 }), schema: teamListResponse });

export const getTeamJerseys = (teamSlug: string, params: TeamJerseysParams) =>
  api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: defined({ ...params, pageSize: 24 }),
    schema: teamJerseysResponse,
  });

export const getJersey = (teamSlug: string, jerseySlug: string) =>
  api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys/${encodeURIComponent(jerseySlug)}`, {
    schema: jerseyDetail,
  });
