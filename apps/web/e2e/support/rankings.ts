/**
 * Votes and ranking waits for the rankings journeys, through the real API: a duel is drawn with
 * GET /api/duels/next (as a visitor with a server-issued X-Voter-Id, or as a member with a Bearer token), answered
 * after the server's minimum decision time, and the ranking job (every 2 s in the e2e stack) turns
 * the votes into snapshots.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Ranking, JerseyRating, NextDuel, VisitorIdResponse, VoteOutcome, VoteResult } from '@manto/contracts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits out the server's minimum decision time, which each duel carries (VOTE_MIN_DECISION_MS: 100 ms in the
 * e2e stack), counted from when the duel arrived here, after the server issued it; a few ms more for timers.
 */
export const lookAt = (duel: { minDecisionMs: number }) => sleep(duel.minDecisionMs + 10);

export interface Voter {
  /** A visitor id (X-Voter-Id), issued by the server at the visitor's first vote … */
  voterId?: string;
  /** … or a member's access token. */
  accessToken?: string;
}

/** A new visitor; their signed id is asked for (POST /api/duels/visitor) when they first vote. */
export const visitor = (): Voter => ({});

async function headersOf(request: APIRequestContext, voter: Voter): Promise<Record<string, string>> {
  if (voter.accessToken) return { authorization: `Bearer ${voter.accessToken}` };
  if (!voter.voterId) {
    const res = await request.post('/api/duels/visitor');
    if (res.status() !== 200) throw new Error(`POST /api/duels/visitor: ${res.status()} ${await res.text()}`);
    voter.voterId = ((await res.json()) as VisitorIdResponse).voterId;
  }
  return { 'x-voter-id': voter.voterId };
}

export interface VoteOptions {
  voter: Voter;
  /** Team slug; global duels when absent. */
  team?: string;
  count: number;
  /** The outcome for a pair, from the two jersey ids as shown (left, right). */
  choose: (leftId: string, rightId: string) => VoteOutcome;
}

/** Answers `count` duels in a row; returns the ids of the pairs answered. */
export async function castVotes(request: APIRequestContext, options: VoteOptions): Promise<[string, string][]> {
  const headers = await headersOf(request, options.voter);
  const res = await request.get('/api/duels/next', {
    headers,
    params: options.team ? { team: options.team } : {},
  });
  if (res.status() !== 200) throw new Error(`GET /api/duels/next: ${res.status()} ${await res.text()}`);
  let next = (await res.json()) as NextDuel;
  const pairs: [string, string][] = [];
  for (let i = 0; i < options.count; i++) {
    const duel = next.duel;
    if (!duel) throw new Error(`no duel in scope ${options.team ?? 'global'} (${next.jerseysCount} jerseys)`);
    await lookAt(duel);
    const vote = await request.post('/api/duels/votes', {
      headers,
      data: { token: duel.token, outcome: options.choose(duel.left.id, duel.right.id) },
    });
    if (vote.status() !== 200) throw new Error(`POST /api/duels/votes: ${vote.status()} ${await vote.text()}`);
    pairs.push([duel.left.id, duel.right.id]);
    next = ((await vote.json()) as VoteResult).next;
  }
  return pairs;
}

/** A strict preference: the jersey earlier in `order` wins; jerseys outside it lose to those in it. */
export function preferring(order: string[]) {
  const at = (id: string) => {
    const i = order.indexOf(id);
    return i === -1 ? order.length : i;
  };
  return (leftId: string, rightId: string): VoteOutcome => (at(leftId) <= at(rightId) ? 'left' : 'right');
}

/** Polls a ranking scope until `ready` holds (the job fits every 2 s in the e2e stack). */
export async function waitForRanking(
  request: APIRequestContext,
  query: Record<string, string>,
  ready: (ranking: Ranking) => boolean,
  timeoutMs = 30_000,
): Promise<Ranking> {
  const deadline = Date.now() + timeoutMs;
  let last: Ranking | null = null;
  while (Date.now() < deadline) {
    const res = await request.get('/api/rankings', { params: { pageSize: '100', ...query } });
    if (res.status() === 200) {
      last = (await res.json()) as Ranking;
      if (ready(last)) return last;
    }
    await sleep(500);
  }
  throw new Error(
    `ranking ${JSON.stringify(query)} not ready in ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 500)}`,
  );
}

/** Polls a jersey's rating until `ready` holds. */
export async function waitForJerseyRating(
  request: APIRequestContext,
  jerseyId: string,
  ready: (rating: JerseyRating) => boolean,
  timeoutMs = 30_000,
): Promise<JerseyRating> {
  const deadline = Date.now() + timeoutMs;
  let last: JerseyRating | null = null;
  while (Date.now() < deadline) {
    const res = await request.get(`/api/rankings/jerseys/${jerseyId}`);
    if (res.status() === 200) {
      last = (await res.json()) as JerseyRating;
      if (ready(last)) return last;
    }
    await sleep(500);
  }
  throw new Error(`rating of ${jerseyId} not ready in ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 500)}`);
}
