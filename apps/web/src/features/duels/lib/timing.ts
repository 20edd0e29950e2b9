/**
 * The server refuses a vote sent less than 700 ms after the duel was issued (VOTE_TOO_FAST). A
 * quick voter is not an error: the client holds the vote until this long after the duel appeared.
 */
export const MIN_DECISION_MS = 750;

/** How long to hold a vote made at `now` on a duel shown at `shownAt` (same clock), 0 when none. */
export function holdBeforeSending(shownAt: number, now: number, min: number = MIN_DECISION_MS): number {
  const elapsed = now - shownAt;
  if (!Number.isFinite(elapsed) || elapsed < 0) return min;
  return Math.max(0, Math.ceil(min - elapsed));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
