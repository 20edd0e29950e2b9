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

/**
 * Draws after which a rejection draw gives up for the exact scan. Only in lopsided pools (one jersey far
 * more likely than the rest) do most draws get that far; the draw stays exact either way.
 */
const REJECTION_TRIES = 32;

/**
 * An index in 0..n-1, except `skip`, with probability ∝ weight(i), where no weight exceeds `bound`. By
 * rejection (a uniform index, kept with probability weight/bound): a few weights instead of all n per
 * draw, which matters with 2 000 jerseys and a duel per request. If REJECTION_TRIES draws are all
 * rejected, one exact cumulative scan instead; each way the index follows the weights exactly.
 */
function weightedDraw(n: number, weight: (i: number) => number, bound: number, random: Random, skip = -1): number {
  const choices = skip >= 0 ? n - 1 : n;
  for (let t = 0; t < REJECTION_TRIES; t++) {
    let i = Math.floor(random() * choices);
    if (skip >= 0 && i >= skip) i++;
    if (random() * bound < weight(i)) return i;
  }
  const weights = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (i === skip) continue;
    weights[i] = weight(i);
    total += weights[i]!;
  }
  let x = random() * total;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (i === skip) continue;
    last = i;
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return last;
}

/**
 * The largest first-pick weight of a pool, computed once per pool array: a candidate's games only grow
 * while its array is in use (live-ratings.ts builds a new one with every fresh copy of the ratings), so
 * the first value stays an upper bound.
 */
const firstBounds = new WeakMap<readonly Candidate[], number>();
function firstBound(pool: readonly Candidate[]): number {
  let bound = firstBounds.get(pool);
  if (bound === undefined) {
    bound = 0;
    for (const c of pool) bound = Math.max(bound, firstWeight(c));
    firstBounds.set(pool, bound);
  }
  return bound;
}

/** Gaussian weight of an opponent's rating gap; never zero, so a lone outlier can still be drawn. */
const closeWeight = (gap: number) => Math.exp(-0.5 * (gap / CLOSE_SIGMA) ** 2) + 1e-12;

function pickOpponent(pool: readonly Candidate[], first: number, random: Random): number {
  const n = pool.length;
  if (random() >= CLOSE_SHARE) {
    const j = Math.floor(random() * (n - 1));
    return j >= first ? j + 1 : j;
  }
  const r = pool[first]!.rating;
  return weightedDraw(n, (j) => closeWeight(pool[j]!.rating - r), closeWeight(0), random, first);
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
  const bound = firstBound(pool);
  const first = (i: number) => firstWeight(pool[i]!);
  let last: [number, number] = [0, 1];
  for (let t = 0; t < RANDOM_TRIES; t++) {
    const i = weightedDraw(n, first, bound, random);
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
