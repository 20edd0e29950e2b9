import {
  nextDuelResponse,
  teamJerseysResponse,
  teamListResponse,
  voteResponse,
  type DuelScopeQuery,
  type VoteInput,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { voterHeaders } from '#lib/voter.ts';

const defined = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/**
 * A fresh duel in the scope. Visitors are known by their X-Voter-Id; signed-in members by their
 * token (the header rides along, harmless), and the server binds the duel to whoever asked.
 */
export const getNextDuel = (scope: DuelScopeQuery, signal?: AbortSignal) =>
  api.optionallyAuthorized('/duels/next', {
    query: defined(scope),
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

export interface TeamChoiceParams {
  search?: string | undefined;
  page: number;
}

export const TEAMS_PAGE_SIZE = 48;

/** Teams with jerseys, to choose a team duel. */
export const getTeamsToCompare = (params: TeamChoiceParams) =>
  api.request('/catalogue/teams', {
    query: defined({ ...params, pageSize: TEAMS_PAGE_SIZE }),
    schema: teamListResponse,
  });

/** The team and its models (for the model selector); one jersey is enough to get them. */
export const getTeamScope = async (teamSlug: string) => {
  const { team, models } = await api.request(`/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys`, {
    query: { pageSize: 1 },
    schema: teamJerseysResponse,
  });
  return { team, models };
};
