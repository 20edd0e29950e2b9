/**
 * Active pair sampling (docs/ranking.md §5, ours on top of the references):
 * - first jersey with weight ∝ 1/√(votes in scope + 1), so new and under-voted jerseys catch up;
 * - opponent 70% of the time near the first one's live rating (Gaussian weights), else uniform, so the
 *   comparison graph stays connected;
 * - never a pair the voter already answered while an unanswered pair remains.
 * Works on the in-memory candidates only (live-ratings.ts): no query per request.
 */
export interface Candidate {
  readonly id: string;
  readonly rating: number;
  readonly games: number;
}

export const CLOSE_SHARE = 0.7;
/** Spread of the "close rating" opponent draw, in Elo points. */
export const CLOSE_SIGMA = 150;
const RANDOM_TRIES = 12;

export type Random = () => number;

export function firstWeight(c: Candidate): number {
  return 1 / Math.sqrt(c.games + 1);
}

function weightedIndex(weights: Float64Array, total: number, random: Random): number {
  let x = random() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

function pickOpponent(pool: readonly Candidate[], first: number, random: Random): number {
  const n = pool.length;
  if (random() >= CLOSE_SHARE) {
    const j = Math.floor(random() * (n - 1));
    return j >= first ? j + 1 : j;
  }
  const weights = new Float64Array(n);
  let total = 0;
  const r = pool[first]!.rating;
  for (let j = 0; j < n; j++) {
    if (j === first) continue;
    const z = (pool[j]!.rating - r) / CLOSE_SIGMA;
    weights[j] = Math.exp(-0.5 * z * z) + 1e-12;
    total += weights[j]!;
  }
  return weightedIndex(weights, total, random);
}

/**
 * Two distinct candidates in random left/right order, or null when fewer than two exist. `answered`
 * tells whether this voter already answered the unordered pair; a repeat is returned only when every
 * pair has been answered.
 */
export function pickPair(
  pool: readonly Candidate[],
  answered: (a: string, b: string) => boolean,
  random: Random = Math.random,
): [Candidate, Candidate] | null {
  const n = pool.length;
  if (n < 2) return null;
  const weights = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    weights[i] = firstWeight(pool[i]!);
    total += weights[i]!;
  }
  let last: [number, number] = [0, 1];
  for (let t = 0; t < RANDOM_TRIES; t++) {
    const i = weightedIndex(weights, total, random);
    const j = pickOpponent(pool, i, random);
    last = [i, j];
    if (!answered(pool[i]!.id, pool[j]!.id)) return order(pool, i, j, random);
  }
  // The voter has answered most pairs near the draws: look for any unanswered one, from a random start.
  const start = Math.floor(random() * n);
  for (let s = 0; s < n; s++) {
    const i = (start + s) % n;
    for (let t = 1; t < n; t++) {
      const j = (i + t) % n;
      if (!answered(pool[i]!.id, pool[j]!.id)) return order(pool, i, j, random);
    }
  }
  return order(pool, last[0], last[1], random);
}

function order(pool: readonly Candidate[], i: number, j: number, random: Random): [Candidate, Candidate] {
  return random() < 0.5 ? [pool[i]!, pool[j]!] : [pool[j]!, pool[i]!];
}

/** The unordered pair's key, the same for both orders. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
