import { myVotesResponse } from '@manto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { authKeys } from './queries.ts';

export const MY_VOTES_PAGE_SIZE = 10;

/** The signed-in member's votes, newest first, with the "you vs the crowd" summary. */
export const getMyVotes = (page: number) =>
  api.authorized('/me/votes', { query: { page, pageSize: MY_VOTES_PAGE_SIZE }, schema: myVotesResponse });

export const myVotesQuery = (page: number) =>
  queryOptions({
    queryKey: [...authKeys.me(), 'votes', page] as const,
    queryFn: () => getMyVotes(page),
    placeholderData: keepPreviousData,
    // Votes are cast on other screens; coming back here should show them.
    staleTime: 0,
  });
