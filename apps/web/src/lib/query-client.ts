import { type DehydratedState, type Query, QueryClient, hydrate, isServer } from '@tanstack/react-query';
import { onLateInvalidAnswer } from './later-schemas.ts';

/** Spec section 9: fresh for 1 hour, kept 10 minutes, no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The answers a page drawn by the server came with, by query, as they were when it arrived. */
const inPage = new Map<string, number>();

/** Fills the query cache with the answers a page the server drew came with (ADR 0038). */
export function hydrateDrawnPage(state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const query of queryClient.getQueryCache().getAll()) inPage.set(query.queryHash, query.state.dataUpdatedAt);
}

/**
 * Whether a query still holds the answer its page came with: a screen whose answers are never reused (a duel's
 * single-use token) takes that one as it is instead of asking again when it mounts. On the server every
 * answer is the page's: the drawing and the browser's takeover must agree (nothing is being fetched), since
 * React keeps the server's attributes where they differ.
 */
export const cameInPage = (query: Pick<Query, 'queryHash' | 'state'>): boolean =>
  isServer || inPage.get(query.queryHash) === query.state.dataUpdatedAt;

// A first screen's answer used before the contracts loaded, then found invalid (lib/later-schemas.ts):
// the queries holding it are dropped and asked again, checked first this time, so their screen shows
// the invalid answer's error. An answer no query holds (a vote's) drops them all.
onLateInvalidAnswer((answer, schema) => {
  console.error(`An answer did not match its contract (${schema}): asking again`);
  const holds = (query: Query) => query.state.data === answer;
  const held = queryClient.getQueryCache().findAll({ predicate: holds }).length > 0;
  void queryClient.resetQueries(held ? { predicate: holds } : {});
});
