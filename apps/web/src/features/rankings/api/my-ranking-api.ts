import { MY_RANKING_MIN_VOTES, type MyRanking, VOTER_HEADER, myRankingResponse } from '@manto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { meKeys } from '#api/keys.ts';
import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { storedVisitorId } from '#lib/voter.ts';

/** A voter who has not voted: what a visitor without an id (or with one the server no longer knows) has. */
const NO_VOTES: MyRanking = {
  votes: 0,
  required: MY_RANKING_MIN_VOTES,
  items: [],
  agreement: { judged: 0, agreed: 0 },
  contrarian: null,
  favourite: null,
};

/**
 * The voter's own ranking: a member's from their account, a visitor's from the id this browser keeps. A
 * visitor without one has voted nothing here, so no id is asked for just to read this.
 */
export async function getMyRanking(): Promise<MyRanking> {
  if (authStore.getState().tokens) return api.authorized('/rankings/mine', { schema: myRankingResponse });
  const id = storedVisitorId();
  if (!id) return NO_VOTES;
  try {
    return await api.request('/rankings/mine', { headers: { [VOTER_HEADER]: id }, schema: myRankingResponse });
  } catch (error) {
    // An id this server does not sign (another deployment's, a rotated secret): nothing of it can be read.
    if (error instanceof ApiError && error.code === 'VOTER_ID_INVALID') return NO_VOTES;
    throw error;
  }
}

export const myRankingQuery = (signedIn: boolean) =>
  queryOptions({
    // A member's under their own cache root, dropped at sign-out; a visitor's apart.
    queryKey: signedIn ? ([...meKeys.all, 'ranking'] as const) : (['rankings', 'mine', 'visitor'] as const),
    queryFn: getMyRanking,
    // Votes are cast on other screens; coming back here should count them.
    staleTime: 0,
  });
