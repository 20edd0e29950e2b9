import {
  nextDuelResponse,
  teamJerseysResponse,
  visitorIdResponse,
  voteResponse,
  type DuelScopeQuery,
  type VoteInput,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { createVoterIds, withVoterId } from '#lib/voter.ts';

function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The visitor's server-issued id, kept in local storage under `manto.voterId` (docs/ranking.md §1). */
const voterIds = createVoterIds(browserStorage(), async () => {
  const { voterId } = await api.request('/duels/visitor', { method: 'POST', schema: visitorIdResponse });
  return voterId;
});

/**
 * Members are known by their token and need no visitor id; visitors send theirs as X-Voter-Id, and the server
 * binds the duel to whoever asked.
 */
const asVoter = <T>(call: (headers: Record<string, string>) => Promise<T>, retry: boolean): Promise<T> =>
  authStore.getState().tokens ? call({}) : withVoterId(voterIds, call, { retry });

/** A fresh duel in the scope; a refused visitor id is replaced and the call made once more. */
export const getNextDuel = (scope: DuelScopeQuery, signal?: AbortSignal) =>
  asVoter(
    (headers) =>
      api.optionallyAuthorized('/duels/next', {
        query: definedQuery(scope),
        schema: nextDuelResponse,
        headers,
        ...(signal ? { signal } : {}),
      }),
    true,
  );

/**
 * Answers a duel once; the answer carries the new live ratings, the crowd's tally and the next duel. The duel
 * is bound to the id it was drawn with, so a refused id is replaced but the vote is not retried: the screen
 * shows the message and loads a fresh duel.
 */
export const sendVote = (input: VoteInput) =>
  asVoter(
    (headers) =>
      api.optionallyAuthorized('/duels/votes', { method: 'POST', body: input, schema: voteResponse, headers }),
    false,
  );

/** The team and its models (for the model selector); one jersey is enough to get them. */
export const getTeamScope = async (teamSlug: string) => {
  const { team, models } = await api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: { pageSize: 1 },
    schema: teamJerseysResponse,
  });
  return { team, models };
};
