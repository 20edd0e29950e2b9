import {
  type BootstrapBasis,
  type PairData,
  type Vote,
  type Workspace,
  aggregate,
  bootstrapIntervals,
  bootstrapRounds,
  fit,
  rankUpperBound,
  toEloScale,
} from './bradley-terry/index.ts';

/** What one scope's official fit produces, per jersey index (docs/ranking.md §3). */
export interface ScopeFit {
  score: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  rankUb: Int32Array;
}

/** Penalised BT fit, Elo-scale scores centred at 1000, warm-started bootstrap 95% intervals, Rank (UB). */
export function fitScope(data: PairData, rounds: number, seed: number): ScopeFit {
  const theta = fitFull(data);
  return assembleScope(theta, data.a.length > 0 ? [scopeRounds(data, theta, seed, 0, rounds)] : []);
}

/** The full-data fit: the scores, and every bootstrap round's warm start (workspace: see scopeRounds). */
export function fitFull(data: PairData, workspace?: Workspace): Float64Array {
  return fit(data, {}, workspace).theta;
}

/**
 * One voter's own ranking (docs/ranking.md §9): the official fit, penalty included, on their votes alone
 * over the `n` jerseys they saw, on the same Elo scale (1000 is their own average).
 */
export function fitVotes(n: number, votes: Iterable<Vote>): Float64Array {
  return toEloScale(fitFull(aggregate(n, votes)));
}

/**
 * Elo-scaled replicates of bootstrap rounds [from, to) (a share of fitScope's; see bootstrapRounds). A
 * thread that fits scope after scope passes the same workspace each time; threads sharing a scope's
 * rounds pass the basis one of them built.
 */
export function scopeRounds(
  data: PairData,
  theta: Float64Array,
  seed: number,
  from: number,
  to: number,
  workspace?: Workspace,
  basis?: BootstrapBasis,
) {
  return bootstrapRounds(data, theta, { seed, from, to }, workspace, basis).samples;
}

/**
 * The scope's fit from the full fit and its rounds' samples, the shares in round order. Without any vote
 * there is nothing to resample (no shares): every interval is the point itself.
 */
export function assembleScope(theta: Float64Array, shares: Float64Array[]): ScopeFit {
  const score = toEloScale(theta);
  const n = score.length;
  let size = 0;
  for (const share of shares) size += share.length;
  let interval: { lower: Float64Array; upper: Float64Array } = {
    lower: Float64Array.from(score),
    upper: Float64Array.from(score),
  };
  if (size > 0) {
    const samples = shares.length === 1 ? shares[0]! : new Float64Array(size);
    if (shares.length > 1) {
      let at = 0;
      for (const share of shares) {
        samples.set(share, at);
        at += share.length;
      }
    }
    interval = bootstrapIntervals(samples, n);
  }
  return { ...interval, score, rankUb: rankUpperBound(score, interval.lower, interval.upper) };
}
