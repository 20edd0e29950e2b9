/**
 * The price-alert rule (ADR 0042): a wanted jersey's best partner offer at or below the member's target is a
 * crossing, alerted once; while it stays at or below, nothing more; once it goes back above (or the offer goes
 * away, or the target is cleared) the mark is reset, and the next time it comes down is a new crossing.
 */
export type CrossingStep = 'cross' | 'reset' | 'none';

/**
 * What to do with one entry: `below` is whether a crossing is already recorded for it, `bestCents` the
 * cheapest in-stock offer now (null: none).
 */
export function crossingOf(
  entry: { targetCents: number | null; below: boolean },
  bestCents: number | null,
): CrossingStep {
  const atOrBelow = entry.targetCents !== null && bestCents !== null && bestCents <= entry.targetCents;
  if (atOrBelow) return entry.below ? 'none' : 'cross';
  return entry.below ? 'reset' : 'none';
}

/** A new crossing, for the notification that tells the member about it. */
export interface PriceCrossing {
  itemId: string;
  userId: string;
  jerseyId: string;
  targetPriceCents: number;
  offerPriceCents: number;
}
