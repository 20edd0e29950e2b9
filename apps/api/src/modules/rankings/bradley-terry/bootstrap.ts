import { Rng } from '#lib/rng.ts';
import { eloInto } from './elo-scale.ts';
import { NewtonSolver } from './newton.ts';
import { checkData } from './pairs.ts';
import { type Replicate, type ResampleTables, Resampler, resampleTables, resampleTablesBytes } from './resample.ts';
import { type Arrays, Workspace } from './workspace.ts';
import {
  type BootstrapOptions,
  type BootstrapResult,
  type BootstrapRoundsOptions,
  type BootstrapSamples,
  DEFAULT_BOOTSTRAP_TOL,
  DEFAULT_L2,
  DEFAULT_MAX_ITER,
  type PairData,
} from './types.ts';

/**
 * Above this expected share of empty pairs a replicate is compacted before its refit (see
 * Resampler.resample); below it the replicate keeps its pairs in place and takes 12 bytes a pair less
 * per thread (docs/perf/ranking-job.md). On the 10 M-vote bench's global pairs (14% expected
 * empty) a round took as long either way; on sparser data (31%) compacting was about 1.2× faster.
 */
export const COMPACT_ABOVE = 0.2;

/**
 * Bootstrap 95% intervals on the Elo scale: `rounds` replicates (see Resampler), each refitted
 * warm-started from `full`; the 2.5th and 97.5th percentiles of each item's Elo-scaled replicates.
 * The same as bootstrapRounds over [0, rounds) followed by bootstrapIntervals.
 */
export function bootstrap(data: PairData, full: Float64Array, opts: BootstrapOptions): BootstrapResult {
  const rounds = opts.rounds ?? 100;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError('rounds must be a positive integer');
  const { samples, iterations, unconverged } = bootstrapRounds(data, full, { ...opts, from: 0, to: rounds });
  return { ...bootstrapIntervals(samples, data.n), iterations, unconverged };
}

/**
 * Rounds [from, to) of a bootstrap. Round r draws from its own random stream — the seed's generator
 * after r jumps of 2⁶⁴ draws — so the rounds can be split between threads in any way and their samples,
 * laid end to end in round order, are those of one thread doing them all (docs/ranking.md §3.3).
 */
export function bootstrapRounds(
  data: PairData,
  full: Float64Array,
  opts: BootstrapRoundsOptions,
  workspace = new Workspace(),
  basis?: BootstrapBasis,
): BootstrapSamples {
  checkData(data);
  const { n, a, b } = data;
  const m = a.length;
  const { from, to } = opts;
  const l2 = opts.l2 ?? DEFAULT_L2;
  const tol = opts.tol ?? DEFAULT_BOOTSTRAP_TOL;
  const maxIter = opts.maxIter ?? DEFAULT_MAX_ITER;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from)
    throw new RangeError('rounds must be a range of round numbers');
  if (full.length !== n || !full.every(Number.isFinite)) throw new RangeError(`full must hold ${n} finite scores`);

  const samples = new Float64Array((to - from) * n);
  if (to === from) return { samples, iterations: 0, unconverged: 0 };
  const { tables, sigma, variance } = basis ?? bootstrapBasis(data, full, workspace);
  if (tables.m !== m || sigma.length !== m) throw new RangeError('the basis is not of these data');
  const resampler = new Resampler(tables, workspace);
  const stream = new Rng(opts.seed);
  for (let r = 0; r < from; r++) stream.jump();
  const solver = new NewtonSolver(n, m, workspace);
  const compact = opts.compact ?? tables.emptyShare > COMPACT_ABOVE;
  const replicate: Replicate = {
    a: compact ? workspace.int32('bootstrap.a', m) : a,
    b: compact ? workspace.int32('bootstrap.b', m) : b,
    winsA: workspace.float32('bootstrap.winsA', m),
    winsB: workspace.float32('bootstrap.winsB', m),
    m: 0,
    atInit: { sigma, variance, ...(compact ? { source: workspace.int32('bootstrap.source', m) } : {}) },
  };
  const theta = new Float64Array(n);
  let iterations = 0;
  let unconverged = 0;
  for (let round = from; round < to; round++) {
    resampler.resample(stream.clone(), a, b, replicate);
    stream.jump();
    const res = solver.solve(replicate, full, theta, l2, tol, maxIter);
    iterations += res.iterations;
    if (!res.converged) unconverged++;
    eloInto(theta, samples, (round - from) * n);
  }
  return { samples, iterations, unconverged };
}

/**
 * What every round of a scope's bootstrap reads and none writes: the resampling tables, and σ(d) and
 * σ(d)·σ(−d) at the full fit, where every replicate starts (so its first gradient needs no exp). One
 * thread builds it, into `out`; the threads sharing the rounds can then read one copy (a SharedArena)
 * rather than hold ≈ 45 bytes per pair each (docs/perf/ranking-job.md).
 */
export interface BootstrapBasis {
  readonly tables: ResampleTables;
  readonly sigma: Float64Array;
  readonly variance: Float64Array;
}

/** Bytes bootstrapBasis takes at most in `out` for m pairs, alignment included (see SharedArena). */
export function basisBytes(m: number): number {
  return 16 * m + 8 + resampleTablesBytes(m);
}

export function bootstrapBasis(
  data: PairData,
  full: Float64Array,
  scratch: Workspace,
  out: Arrays = scratch,
): BootstrapBasis {
  const { a, b } = data;
  const m = a.length;
  const sigma = out.float64('bootstrap.sigma', m);
  const variance = out.float64('bootstrap.variance', m);
  for (let k = 0; k < m; k++) {
    const d = full[a[k]!]! - full[b[k]!]!;
    sigma[k] = 1 / (1 + Math.exp(-d));
    variance[k] = sigma[k]! / (1 + Math.exp(d));
  }
  return { tables: resampleTables(data, scratch, out), sigma, variance };
}

/** Per item, the 2.5th and 97.5th percentiles of its samples (round-major, `n` per round). */
export function bootstrapIntervals(samples: Float64Array, n: number): { lower: Float64Array; upper: Float64Array } {
  const rounds = samples.length / n;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`samples must hold whole rounds of ${n} items`);
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  const column = new Float64Array(rounds);
  for (let i = 0; i < n; i++) {
    for (let r = 0; r < rounds; r++) column[r] = samples[r * n + i]!;
    column.sort();
    lower[i] = quantile(column, 0.025);
    upper[i] = quantile(column, 0.975);
  }
  return { lower, upper };
}

/** Linear-interpolation quantile of sorted values (the numpy / pandas default). */
function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const x = sorted[lo]!;
  const y = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return x + (h - lo) * (y - x);
}
