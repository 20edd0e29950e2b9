import type { DuelScopeQuery, VoteInput } from '@manto/contracts';
import { api } from '#lib/api.ts';
import { checkedAnswer, definedQuery } from '#lib/api-client.ts';
import { later } from '#lib/later-schemas.ts';
import { takePrimedDuel } from './early-duel.ts';
import { asVoter } from './voter-session.ts';

/**
 * A fresh duel in the scope; a refused visitor id is replaced and the call made once more. The home
 * page's first duel was asked for while its code loaded (early-duel.ts): that answer is taken and
 * checked here.
 */
export const getNextDuel = async (scope: DuelScopeQuery, signal?: AbortSignal) => {
  const primed = takePrimedDuel(scope);
  if (primed) {
    return checkedAnswer(later('nextDuelResponse'), await primed, 200);
  }
  return fetchNextDuel(scope, signal);
};

const fetchNextDuel = (scope: DuelScopeQuery, signal?: AbortSignal) =>
  asVoter(
    (headers) =>
      api.optionallyAuthorized('/duels/next', {
        query: definedQuery(scope),
        schema: later('nextDuelResponse'),
        headers,
        ...(signal ? { signal } : {}),
      }),
    { retry: true, idInAnswer: true },
  );

/**
 * Answers a duel once; the answer carries the new live ratings, the crowd's tally and the next duel. The duel
 * is bound to the id it was drawn with, so a refused id is replaced but the vote is not retried: the screen
 * shows the message and loads a fresh duel.
 */
export const sendVote = (input: VoteInput) =>
  asVoter(
    (headers) =>
      api.optionallyAuthorized('/duels/votes', { method: 'POST', body: input, schema: later('voteResponse'), headers }),
    { retry: false },
  );

/** The team and its models (for the model selector); one jersey is enough to get them. */
export const getTeamScope = async (teamSlug: string) => {
  const { team, models } = await api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: { pageSize: 1 },
    schema: later('teamJerseysResponse'),
  });
  return { team, models };
};
