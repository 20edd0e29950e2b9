import { MAX_PAIR_VOTES, type PairData, type Vote } from './types.ts';

/**
 * Collapses raw votes into unique pairs sorted by (a, b); both orders of a pair land in the same row.
 * 'left'/'right' are a win for that side; 'tie' and 'both_bad' ("Nenhuma") both count as a tie, half a
 * win to each side, as in the live Elo.
 */
export function aggregate(n: number, votes: Iterable<Vote>): PairData {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 25) throw new RangeError('n must be an integer from 1 to 2²⁵');
  // Each vote becomes one number, (a·n + b)·4 + outcome (0: a won, 1: b won, 2: tie); sorting them groups
  // each pair's votes. A hash map keyed by pair measured 2–4× slower at 10⁶ votes (a cache miss a vote).
  let codes = new Float64Array(1024);
  let count = 0;
  for (const { left, right, outcome } of votes) {
    if (
      !Number.isInteger(left) ||
      !Number.isInteger(right) ||
      left < 0 ||
      right < 0 ||
      left >= n ||
      right >= n ||
      left === right
    ) {
      throw new RangeError(`invalid pair (${left}, ${right}) for ${n} items`);
    }
    const lo = left < right ? left : right;
    let code: number;
    if (outcome === 'left' || outcome === 'right') code = (outcome === 'left' ? left : right) === lo ? 0 : 1;
    else if (outcome === 'tie' || outcome === 'both_bad') code = 2;
    else throw new RangeError(`unknown outcome ${String(outcome)}`);
    if (count === codes.length) {
      const next = new Float64Array(2 * count);
      next.set(codes);
      codes = next;
    }
    codes[count++] = (lo * n + (left < right ? right : left)) * 4 + code;
  }
  const sorted = codes.subarray(0, count).sort();
  let size = 0;
  let run = 0;
  for (let v = 0; v < count; v++) {
    const first = v === 0 || Math.floor(sorted[v]! / 4) !== Math.floor(sorted[v - 1]! / 4);
    if (first) size++;
    run = first ? 1 : run + 1;
    if (run >= MAX_PAIR_VOTES) throw new RangeError(`a pair may hold fewer than ${MAX_PAIR_VOTES} votes`);
  }
  const out = {
    n,
    a: new Int32Array(size),
    b: new Int32Array(size),
    winsA: new Float32Array(size),
    winsB: new Float32Array(size),
    ties: new Float32Array(size),
  };
  let k = -1;
  let prev = -1;
  for (let v = 0; v < count; v++) {
    const key = Math.floor(sorted[v]! / 4);
    const code = sorted[v]! - 4 * key;
    if (key !== prev) {
      prev = key;
      k++;
      const lo = Math.floor(key / n);
      out.a[k] = lo;
      out.b[k] = key - lo * n;
    }
    if (code === 0) out.winsA[k]! += 1;
    else if (code === 1) out.winsB[k]! += 1;
    else {
      out.winsA[k]! += 0.5;
      out.winsB[k]! += 0.5;
      out.ties[k]! += 1;
    }
  }
  return out;
}

/**
 * Per-item counts for display and invariants: decisive wins and losses, ties (including both-bad) and
 * votes. Without `ties` a tie cannot be told apart from half a win plus half a loss.
 */
export function itemTotals(data: PairData): {
  wins: Float64Array;
  losses: Float64Array;
  ties: Float64Array;
  votes: Float64Array;
} {
  checkData(data);
  const { n, a, b, winsA, winsB, ties } = data;
  const wins = new Float64Array(n);
  const losses = new Float64Array(n);
  const tieCount = new Float64Array(n);
  const votes = new Float64Array(n);
  for (let k = 0; k < a.length; k++) {
    const i = a[k]!;
    const j = b[k]!;
    const t = ties ? ties[k]! : 0;
    const aWon = winsA[k]! - t / 2;
    const bWon = winsB[k]! - t / 2;
    wins[i]! += aWon;
    losses[j]! += aWon;
    wins[j]! += bWon;
    losses[i]! += bWon;
    tieCount[i]! += t;
    tieCount[j]! += t;
    votes[i]! += winsA[k]! + winsB[k]!;
    votes[j]! += winsA[k]! + winsB[k]!;
  }
  return { wins, losses, ties: tieCount, votes };
}

/** Throws a RangeError unless `data` is well-formed pair data over n items. */
export function checkData(data: PairData) {
  const { n, a, b, winsA, winsB, ties } = data;
  const m = a.length;
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  if (b.length !== m || winsA.length !== m || winsB.length !== m || (ties && ties.length !== m))
    throw new RangeError('pair arrays differ in length');
  for (let k = 0; k < m; k++) {
    const i = a[k]!;
    const j = b[k]!;
    if (i < 0 || j >= n || i >= j) throw new RangeError(`pair ${k} is (${i}, ${j}); expected 0 ≤ a < b < ${n}`);
    const t = ties ? ties[k]! : 0;
    if (!(winsA[k]! - t / 2 >= 0 && winsB[k]! - t / 2 >= 0 && t >= 0 && Number.isFinite(winsA[k]! + winsB[k]!))) {
      throw new RangeError(`pair ${k} has invalid counts`);
    }
  }
}
