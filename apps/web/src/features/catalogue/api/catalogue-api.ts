import { later } from '#lib/later-schemas.ts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { jerseyPath } from './early-jersey.ts';

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
    schema: later('teamJerseysResponse'),
  });

export const getJersey = (teamSlug: string, jerseySlug: string) =>
  api.request(jerseyPath(teamSlug, jerseySlug), { schema: later('jerseyDetail') });

/** The tournaments a jersey played and how far it went (docs/tournaments.md §6). */
export const getJerseyTournaments = (jerseyId: string) =>
  api.request(`/tournaments/jerseys/${encodeURIComponent(jerseyId)}`, { schema: later('jerseyTournamentsResponse') });
