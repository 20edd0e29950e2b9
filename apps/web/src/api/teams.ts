import { later } from '#lib/later-schemas.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { catalogueKeys } from './keys.ts';

export interface TeamSearchParams {
  search?: string | undefined;
  page: number;
}

export interface TeamListParams extends TeamSearchParams {
  /** 'club' or 'national'; absent for both. */
  category?: string | undefined;
}

export const TEAMS_PAGE_SIZE = 48;

/** Teams that have active jerseys, with their jersey counts (the catalogue and the duel chooser). */
export const getTeams = (params: TeamListParams) =>
  api.request('/catalogue/teams', {
    query: definedQuery({ ...params, pageSize: TEAMS_PAGE_SIZE }),
    schema: later('teamListResponse'),
  });

/** Every team with its jersey count and current ranking leader. */
export const getTeamRankings = (params: TeamSearchParams) =>
  api.request('/rankings/teams', {
    query: definedQuery({ ...params, pageSize: TEAMS_PAGE_SIZE }),
    schema: later('teamRankingsResponse'),
  });

// Paged lists keep the previous page on screen while the next one loads (no flash of skeletons).
export const teamsQuery = (params: TeamListParams) =>
  queryOptions({
    queryKey: catalogueKeys.teamList(params),
    queryFn: () => getTeams(params),
    placeholderData: keepPreviousData,
  });

export const teamRankingsQuery = (params: TeamSearchParams) =>
  queryOptions({
    queryKey: catalogueKeys.teamRankings(params),
    queryFn: () => getTeamRankings(params),
    placeholderData: keepPreviousData,
    // A fit runs every few minutes: leaders read a minute ago are fresh enough, an hour ago are not.
    staleTime: 60_000,
  });
