import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { catalogueKeys, tournamentKeys } from '#api/keys.ts';
import { type TeamJerseysParams, getJersey, getJerseyTournaments, getTeamJerseys } from './catalogue-api.ts';

// Under the shared catalogue keys, so a Sistema edit refreshes these pages too.
export const teamJerseysQuery = (teamSlug: string, params: TeamJerseysParams) =>
  queryOptions({
    queryKey: [...catalogueKeys.team(teamSlug), 'jerseys', params] as const,
    queryFn: () => getTeamJerseys(teamSlug, params),
    // Another page or filter stays on screen while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

export const jerseyQuery = (teamSlug: string, jerseySlug: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.team(teamSlug), 'jersey', jerseySlug] as const,
    queryFn: () => getJersey(teamSlug, jerseySlug),
  });

// Tournament data, under the tournaments' keys: a round's close or a Sistema edit refreshes it.
export const jerseyTournamentsQuery = (jerseyId: string) =>
  queryOptions({
    queryKey: tournamentKeys.jersey(jerseyId),
    queryFn: () => getJerseyTournaments(jerseyId),
    staleTime: 60_000,
  });
