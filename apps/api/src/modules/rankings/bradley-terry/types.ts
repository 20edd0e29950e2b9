// The engine's data and options, shared by its files.

export type VoteOutcome = 'left' | 'right' | 'tie' | 'both_bad';

/** One counted vote. Skips never reach the ranking, so they are not accepted here. */
export interface Vote {
  readonly left: number;
  readonly right: number;
  readonly outcome: VoteOutcome;
}

/**
 * Votes collapsed into unique unordered pairs, a[k] < b[k], items numbered 0 … n−1. Ties count as half
 * a win to each side, so winsA/winsB may hold x.5 values. `ties` (optional) keeps the number of tie votes
 * per pair — already included as halves in winsA/winsB — so the bootstrap can resample a tie as a tie.
 */
export interface PairData {
  readonly n: number;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly winsA: Counts;
  readonly winsB: Counts;
  readonly ties?: Counts;
}

/**
 * Vote counts per pair, whole or half, as 32-bit floats: exact below MAX_PAIR_VOTES, and half the bytes
 * of doubles at two million pairs (docs/perf/ranking-job.md). Read, they are the same doubles as before.
 */
export type Counts = Float32Array;

/** Votes one pair may hold: a half-vote is exact in a 32-bit float below 2²³. */
export const MAX_PAIR_VOTES = 2 ** 23;

export interface FitOptions {
  /** L2 penalty strength (default 0.5). */
  readonly l2?: number;
  /** Starting point, e.g. the previous full fit (warm start). Not modified. */
  readonly init?: Float64Array;
  /** Stop when ‖∇‖∞ ≤ tol · max(1, most votes of any one item) (default 1e-8). */
  readonly tol?: number;
  /** Newton iterations at most (default 100). */
  readonly maxIter?: number;
}

export interface FitResult {
  /** Strengths on the logit scale (natural log); they sum to zero at the optimum. */
  readonly theta: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
}

export interface BootstrapOptions {
  /** Resampling rounds (default 100; use more for small scopes). */
  readonly rounds?: number;
  readonly seed: number;
  readonly l2?: number;
  /** As in FitOptions, but default 1e-5: replicates only need to be exact well below their spread. */
  readonly tol?: number;
  readonly maxIter?: number;
}

/** A share of a bootstrap's rounds: round numbers from ≤ r < to. */
export interface BootstrapRoundsOptions extends Omit<BootstrapOptions, 'rounds'> {
  readonly from: number;
  readonly to: number;
  /**
   * Whether a replicate's refit works on its non-empty pairs only (see Resampler.resample); the samples are
   * the same either way. Default: when a replicate is expected to leave more than COMPACT_ABOVE of them empty.
   */
  readonly compact?: boolean;
}

export interface BootstrapSamples {
  /** Elo-scaled replicate of every item, round after round: (to − from)·n values. */
  readonly samples: Float64Array;
  /** Newton iterations summed over these rounds. */
  readonly iterations: number;
  /** Rounds whose fit stopped before converging (expected 0). */
  readonly unconverged: number;
}

export interface BootstrapResult {
  /** 2.5th percentile per item, Elo scale. */
  readonly lower: Float64Array;
  /** 97.5th percentile per item, Elo scale. */
  readonly upper: Float64Array;
  /** Newton iterations summed over all rounds. */
  readonly iterations: number;
  /** Rounds whose fit stopped before converging (expected 0). */
  readonly unconverged: number;
}

export const DEFAULT_L2 = 0.5;
export const DEFAULT_TOL = 1e-8;
export const DEFAULT_BOOTSTRAP_TOL = 1e-5;
export const DEFAULT_MAX_ITER = 100;
