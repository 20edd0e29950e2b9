import { type Query, QueryClient } from '@tanstack/react-query';
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

// A first screen's answer used before the contracts loaded, then found invalid (lib/later-schemas.ts):
// the queries holding it are dropped and asked again, checked first this time, so their screen shows
// the invalid answer's error. An answer no query holds (a vote's) drops them all.
onLateInvalidAnswer((answer, schema) => {
  console.error(`An answer did not match its contract (${schema}): asking again`);
  const holds = (query: Query) => query.state.data === answer;
  const held = queryClient.getQueryCache().findAll({ predicate: holds }).length > 0;
  void queryClient.resetQueries(held ? { predicate: holds } : {});
});
