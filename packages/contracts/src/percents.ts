// Its own module (no zod), so a client reads it without the schemas.

/**
 * Counts as whole percentages that add up to exactly 100 (0s when there is nothing to count): each share
 * floored, then the points left over to the largest remainders, ties broken in the counts' order. The duel's
 * crowd bar and the shared result of a duel (its card and head tags) say the same numbers.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const kept = counts.map((n) => Math.max(0, n));
  const total = kept.reduce((a, b) => a + b, 0);
  if (total === 0) return kept.map(() => 0);
  const exact = kept.map((n) => (n * 100) / total);
  const shares = exact.map(Math.floor);
  let rest = 100 - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    shares[i]! += 1;
    rest -= 1;
  }
  return shares;
}
