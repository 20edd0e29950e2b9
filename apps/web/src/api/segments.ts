import { later } from '#lib/later-schemas.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { ratingKeys } from './keys.ts';

/**
 * The segment rankings shown now (docs/segments.md): fanbases, countries and Brazilian states with at least
 * `minVoters` voters. The rankings screen's region picker, the fanbase links of the team pages.
 */
export const getSegments = () => api.request('/rankings/segments', { schema: later('segmentsResponse') });

export const segmentsQuery = () =>
  queryOptions({
    queryKey: ratingKeys.segments(),
    queryFn: getSegments,
    // Segments appear or vanish only when the ranking job fits them.
    staleTime: 60_000,
  });
