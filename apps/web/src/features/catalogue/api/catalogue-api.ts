import { jerseyDetail, teamJerseysResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';

export interface TeamJerseysParams {
  seasonFrom?: number;
  seasonTo?: number;
  model?: string;
  supplier?: string;
  sort: 'season_desc' | 'season_asc';
  page: number;
}

export const getTeamJerseys = (teamSlug: string, params: TeamJerseysParams) =>
  api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: definedQuery({ ...params, pageSize: 24 }),
    schema: teamJerseysResponse,
  });

export const getJersey = (teamSlug: string, jerseySlug: string) =>
  api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys/${encodeURIComponent(jerseySlug)}`, {
    schema: jerseyDetail,
  });
