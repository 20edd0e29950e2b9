import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type TeamJerseysParams, type TeamListParams, getJersey, getTeamJerseys, getTeams } from './catalogue-api.ts';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  teams: (params: TeamListParams) => [...catalogueKeys.all, 'teams', params] as const,
  teamJerseys: (teamSlug: string, params: TeamJerseysParams) =>
    [...catalogueKeys.all, 'team', teamSlug, 'jerseys', params] as const,
  jersey: (teamSlug: string, jerseySlug: string) =>
    [...catalogueKeys.all, 'team', teamSlug, 'jersey', jerseySlug] as const,
};

// Paged lists keep the previous page on screen while the next one loads (no flash of skeletons).
export const teamsQuery = (params: TeamListParams) =>
  queryOptions({
    queryKey: catalogueKeys.teams(params),
    queryFn: () => getTeams(params),
    placeholderData: keepPreviousData,
  });

export const teamJerseysQuery = (teamSlug: string, params: TeamJerseysParams) =>
  queryOptions({
    queryKey: catalogueKeys.teamJerseys(teamSlug, params),
    queryFn: () => getTeamJerseys(teamSlug, params),
    placeholderData: keepPreviousData,
  });

export const jerseyQuery = (teamSlug: string, jerseySlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.jersey(teamSlug, jerseySlug),
    queryFn: () => getJersey(teamSlug, jerseySlug),
  });
