import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchResponse } from '@manto/contracts';
import { api } from '#lib/api.ts';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

/**
 * GET /api/search (docs/decisions/0041-search.md). The previous answer stays on screen while the next
 * word's arrives, so the list does not blink at every key.
 */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.query(q),
    queryFn: () => api.request('/search', { query: { q }, schema: searchResponse }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    // The API's own copy refreshes every 15 s; asking again sooner would find the same.
    staleTime: 15_000,
  });
