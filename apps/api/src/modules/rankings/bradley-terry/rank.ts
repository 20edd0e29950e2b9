/**
 * Rank (UB) = 1 + number of other items whose lower bound exceeds this item's upper bound (Chatbot
 * Arena). Only the intervals decide it; `score` is taken so the call mirrors a ranking row, and is
 * checked for length.
 */
export function rankUpperBound(score: Float64Array, lower: Float64Array, upper: Float64Array): Int32Array {
  const n = score.length;
  if (lower.length !== n || upper.length !== n) throw new RangeError('score, lower and upper differ in length');
  const sortedLower = Float64Array.from(lower).sort();
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const ub = upper[i]!;
    // Binary search for the first lower bound > ub.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedLower[mid]! > ub) hi = mid;
      else lo = mid + 1;
    }
    const selfCounted = lower[i]! > ub ? 1 : 0; // Only for a degenerate interval; never count oneself.
    rank[i] = 1 + n - lo - selfCounted;
  }
  return rank;
}
