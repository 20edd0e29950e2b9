import { later } from '#lib/later-schemas.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { ratingKeys } from './keys.ts';

/** A jersey's standing in the global and team rankings, and its global score over time. */
export const getJerseyRating = (jerseyId: string) =>
  api.request(`/rankings/jerseys/${encodeURIComponent(jerseyId)}`, { schema: later('jerseyRatingResponse') });

export const jerseyRatingQuery = (jerseyId: string) =>
  queryOptions({
    queryKey: ratingKeys.jersey(jerseyId),
    queryFn: () => getJerseyRating(jerseyId),
    // Rankings are refitted every few minutes; an hour-old standing would mislead.
    staleTime: 60_000,
  });
