import { queryOptions } from '@tanstack/react-query';
import type { DuelScopeQuery } from '@manto/contracts';
import { catalogueKeys } from '#api/keys.ts';
import { cameInPage } from '#lib/query-client.ts';
import { getNextDuel, getTeamScope } from './duels-api.ts';

export const duelKeys = {
  all: ['duels'] as const,
  /** `viewer` is who asks (a user's email, or 'visitor'): a duel is bound to its voter. */
  next: (scope: DuelScopeQuery, viewer: string) =>
    [...duelKeys.all, 'next', scope.team ?? null, scope.model ?? null, scope.tournament ?? null, viewer] as const,
};

/**
 * A duel token is single use: never served from cache (stale at once, dropped when the screen
 * closes) and always fetched anew when a duel screen mounts, except the one its page came with (a
 * page the server drew for this visitor, ADR 0038), used as it is.
 */
export const nextDuelQuery = (scope: DuelScopeQuery, viewer: string) =>
  queryOptions({
    queryKey: duelKeys.next(scope, viewer),
    queryFn: ({ signal }) => getNextDuel(scope, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: (query) => (cameInPage(query) ? false : 'always'),
    refetchOnReconnect: false,
  });

export const teamScopeQuery = (teamSlug: string) =>
  queryOptions({
    // Catalogue data: under the shared keys, so a Sistema edit refreshes the team and its models.
    queryKey: [...catalogueKeys.team(teamSlug), 'duel-scope'] as const,
    queryFn: () => getTeamScope(teamSlug),
    // Jersey counts move as the catalogue is edited; a few minutes is fresh enough.
    staleTime: 5 * 60 * 1000,
  });
