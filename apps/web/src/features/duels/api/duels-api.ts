import {
  nextDuelResponse,
  teamJerseysResponse,
  voteResponse,
  type DuelScopeQuery,
  type VoteInput,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { voterHeaders } from '#lib/voter.ts';

/**
 * A fresh duel in the scope. Visitors are known by their X-Voter-Id; signed-in members by their
 * token (the header rides along, harmless), and the server binds the duel to whoever asked.
 */
export const getNextDuel = (scope: DuelScopeQuery, signal?: AbortSignal) =>
  api.optionallyAuthorized('/duels/next', {
    query: definedQuery(scope),
    schema: nextDuelResponse,
    headers: voterHeaders(),
    ...(signal ? { signal } : {}),
  });

/** Answers a duel once; the answer carries the new live ratings, the crowd's tally and the next duel. */
export const sendVote = (input: VoteInput) =>
  api.optionallyAuthorized('/duels/votes', {
    method: 'POST',
    body: input,
    schema: voteResponse,
    headers: voterHeaders(),
  });

/** The team and its models (for the model selector); one jersey is enough to get them. */
export const getTeamScope = async (teamSlug: string) => {
  const { team, models } = await api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: { pageSize: 1 },
    schema: teamJerseysResponse,
  });
  return { team, models };
};
