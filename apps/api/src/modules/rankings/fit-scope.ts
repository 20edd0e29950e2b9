import { type PairData, bootstrap, fit, rankUpperBound, toEloScale } from './bradley-terry/index.ts';

/** What one scope's official fit produces, per jersey index (docs/ranking.md §3). */
export interface ScopeFit {
  score: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  rankUb: Int32Array;
}

/** Penalised BT fit, Elo-scale scores centred at 1000, warm-started bootstrap 95% intervals, Rank (UB). */
export function fitScope(data: PairData, rounds: number, seed: number): ScopeFit {
  const full = fit(data);
  const score = toEloScale(full.theta);
  const { lower, upper } = data.a.length > 0 ? bootstrap(data, full.theta, { rounds, seed }) : flat(score);
  return { score, lower, upper, rankUb: rankUpperBound(score, lower, upper) };
}

/** Without any vote there is nothing to resample: every interval is the point itself. */
function flat(score: Float64Array) {
  return { lower: Float64Array.from(score), upper: Float64Array.from(score) };
}
