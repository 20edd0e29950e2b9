import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { teamOptionsQuery } from '#api/team-options.ts';
import { teamRankingsQuery, teamsQuery } from '#api/teams.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { invalidateAfterChange, type SistemaResource } from './queries.ts';

// The team lists as their screens ask for them on a first visit; the app's client keeps data
// fresh for an hour, so only an invalidation makes a mounted list refetch.
const teamLists = {
  'duel team chooser': teamsQuery({ search: undefined, page: 1 }),
  'catalogue teams': teamsQuery({ search: undefined, category: undefined, page: 1 }),
  'rankings teams': teamRankingsQuery({ search: undefined, page: 1 }),
  'team options': teamOptionsQuery(),
};

describe('invalidateAfterChange', () => {
  const resources: SistemaResource[] = ['teams', 'jerseys', 'models', 'suppliers'];

  it.each(resources)('after a %s change, every mounted team list refetches', async (resource) => {
    const queryClient = createQueryClient();
    const observers = Object.values(teamLists).map((options) => {
      const observer = new QueryObserver(queryClient, { queryKey: options.queryKey, queryFn: () => null });
      observer.subscribe(() => {});
      return observer;
    });
    await Promise.all(observers.map((observer) => observer.refetch()));
    const fetched = () =>
      Object.fromEntries(
        Object.entries(teamLists).map(([name, { queryKey }]) => [
          name,
          queryClient.getQueryState(queryKey)?.dataUpdateCount,
        ]),
      );
    expect(Object.values(fetched())).toEqual([1, 1, 1, 1]);

    await invalidateAfterChange(queryClient, resource);

    expect(fetched()).toEqual({
      'duel team chooser': 2,
      'catalogue teams': 2,
      'rankings teams': 2,
      'team options': 2,
    });
    queryClient.clear();
  });
});
