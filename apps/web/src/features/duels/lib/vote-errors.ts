import { ApiError, SessionEndedError } from '#lib/api-client.ts';

/** Refusals that mean "this duel cannot be answered any more": say why, then load a fresh one. */
export const FRESH_DUEL_CODES = new Set([
  'INVALID_DUEL',
  'DUEL_NOT_YOURS',
  'DUEL_EXPIRED',
  'DUEL_ALREADY_ANSWERED',
  'VOTE_TOO_FAST',
  'VOTER_REQUIRED',
  'VOTER_ID_INVALID',
  'VALIDATION_FAILED',
  'TOO_MANY_REQUESTS',
  // A tournament match whose round closed meanwhile (docs/tournaments.md §4): the next open match follows.
  'MATCH_CLOSED',
]);

export type VoteFailure =
  /** Show the message, then replace the duel with a fresh one. */
  | { action: 'fresh'; message: string | null }
  /**
   * Votes came faster than the server takes them (429): say so in plain words with the time to try again
   * (Retry-After seconds, null when not sent), then a fresh duel (ADR 0028).
   */
  | { action: 'limited'; retryAfter: number | null }
  /** Show the message and keep the duel on screen, so the same vote can be tried again. */
  | { action: 'keep'; message: string | null }
  /** The session ended; the API client is already taking the browser to the login page. */
  | { action: 'none' };

/** What the duel screen does after a failed vote; never a dead end. */
export function classifyVoteError(error: unknown): VoteFailure {
  if (error instanceof SessionEndedError) return { action: 'none' };
  if (error instanceof ApiError) {
    // Offline or the request never arrived: the duel is still good.
    if (error.status === 0) return { action: 'keep', message: null };
    if (error.status === 429) return { action: 'limited', retryAfter: error.retryAfter };
    // FRESH_DUEL_CODES and anything else (a 5xx): a fresh duel is always a safe next step.
    return { action: 'fresh', message: error.serverMessage };
  }
  return { action: 'fresh', message: null };
}
