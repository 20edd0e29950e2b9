/**
 * The server refuses a decisive vote sent sooner than its minimum decision time after the duel was issued
 * (VOTE_TOO_FAST); each duel says that minimum (`minDecisionMs`, 700 ms by default). A quick voter is not an
 * error: the client holds the vote until the minimum and this margin have passed since the duel appeared.
 * The pair appears after the server issued it, so the server always measures at least as long.
 */
export const HOLD_MARGIN_MS = 50;

/** How long the client holds a vote on a duel whose server minimum is `minDecisionMs` (750 ms for 700). */
export const holdFor = (minDecisionMs: number): number => Math.max(0, minDecisionMs) + HOLD_MARGIN_MS;

/**
 * How long to hold a vote made at `now` on a duel shown at `shownAt` (same clock) that must be held `min` ms
 * in all, 0 when none.
 */
export function holdBeforeSending(shownAt: number, now: number, min: number): number {
  const elapsed = now - shownAt;
  if (!Number.isFinite(elapsed) || elapsed < 0) return min;
  return Math.max(0, Math.ceil(min - elapsed));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
