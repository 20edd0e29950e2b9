import { checkData } from './pairs.ts';
import { Workspace } from './workspace.ts';
import {
  DEFAULT_L2,
  DEFAULT_MAX_ITER,
  DEFAULT_TOL,
  type FitOptions,
  type Counts,
  type FitResult,
  type PairData,
} from './types.ts';

const MAX_CG_ITER = 200;
const ARMIJO = 1e-4;

// exp(−j/64) for j = 0 … 64·40: with a short Taylor polynomial this gives exp(−y) to ~4e-16 relative,
// about twice as fast as Math.exp, which dominates the gradient pass.
const EXP_STEPS = 64;
const EXP_RANGE = 40;
const EXP_TABLE = Float64Array.from({ length: EXP_STEPS * EXP_RANGE + 1 }, (_, j) => Math.exp(-j / EXP_STEPS));

/**
 * exp(−y) for y ≥ 0. Beyond y = 40 it returns 0: exp(−40) ≈ 4e-18 vanishes next to 1 in double
 * precision anyway, and keeping calls out of the hot loops lets V8 hoist their typed-array checks
 * (a call there makes the gradient pass twice as slow).
 */
function expNeg(y: number): number {
  if (!(y < EXP_RANGE)) return 0;
  const t = y * EXP_STEPS;
  const j = t | 0;
  const r = (t - j) * (1 / EXP_STEPS);
  return EXP_TABLE[j]! * (1 - r * (1 - r * (1 / 2 - r * (1 / 6 - r * (1 / 24 - r * (1 / 120 - r * (1 / 720)))))));
}

/** The first m entries of these arrays are the pairs a solve works on. */
export interface Pairs {
  a: Int32Array;
  b: Int32Array;
  winsA: Counts;
  winsB: Counts;
  m: number;
  /**
   * σ(d) and σ(d)·σ(−d), d = init_a − init_b, when the caller already knows them: the bootstrap
   * warm-starts every replicate from the same point, so its first gradient pass then needs no exp. They
   * are the full data's, whose pairs the replicate's are a subset of: pair k's are at source[k], or at k
   * without `source` (a replicate that keeps every pair in place, see Resampler).
   */
  atInit?: { sigma: Float64Array; variance: Float64Array; source?: Int32Array };
}

/**
 * Where a gradient pass writes: the gradient of F, the Hessian's diagonal and its pair weights (`w` is
 * shared by the current and the trial point, see NewtonSolver's constructor).
 */
interface Derivatives {
  x: Float64Array;
  g: Float64Array;
  diag: Float64Array;
  /** tot·σ(d)·σ(−d) per pair: H = l2·I + the Laplacian of these weights. */
  w: Float64Array;
}

/**
 * Newton-CG state for n items and up to `capacity` pairs. Every buffer is allocated once, so the
 * bootstrap's refits allocate nothing per round.
 */
export class NewtonSolver {
  private readonly n: number;
  private pairs: Pairs;
  /** The current point and a trial point, swapped when the trial is accepted. */
  private cur: Derivatives;
  private trial: Derivatives;
  // CG work vectors.
  private readonly step: Float64Array;
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly q: Float64Array;
  private readonly votes: Float64Array;

  constructor(n: number, capacity: number, workspace = new Workspace()) {
    this.n = n;
    this.pairs = {
      a: new Int32Array(0),
      b: new Int32Array(0),
      winsA: new Float32Array(0),
      winsB: new Float32Array(0),
      m: 0,
    };
    // One array of pair weights for both points: a trial point's pass overwrites them, and when the trial
    // is rejected the current point's pass runs again after the line search (which needs no weights)
    // before anything reads them. At two million pairs that is 16 MB less per fitting thread.
    const w = workspace.float64('newton.w', capacity);
    const derivatives = () => ({ x: new Float64Array(n), g: new Float64Array(n), diag: new Float64Array(n), w });
    this.cur = derivatives();
    this.trial = derivatives();
    this.step = new Float64Array(n);
    this.r = new Float64Array(n);
    this.z = new Float64Array(n);
    this.p = new Float64Array(n);
    this.q = new Float64Array(n);
    this.votes = new Float64Array(n);
  }

  /** Minimises F = −ℓ over `pairs` from `init` (or 0) and writes the optimum to `out`. */
  solve(pairs: Pairs, init: Float64Array | undefined, out: Float64Array, l2: number, tol: number, maxIter: number) {
    if (!(l2 > 0)) throw new RangeError('l2 must be positive');
    if (pairs.m > this.cur.w.length) throw new RangeError('more pairs than the solver was sized for');
    this.pairs = pairs;
    const { n, step, votes } = this;
    const { a, b, winsA, winsB, m } = pairs;
    votes.fill(0);
    for (let k = 0; k < m; k++) {
      const t = winsA[k]! + winsB[k]!;
      votes[a[k]!]! += t;
      votes[b[k]!]! += t;
    }
    let scale = 1;
    for (let i = 0; i < n; i++) if (votes[i]! > scale) scale = votes[i]!;
    const gtol = tol * scale;

    // The optimum is centred, so start centred: the Newton-CG steps then stay zero-mean.
    const x0 = this.cur.x;
    x0.fill(0);
    if (init) {
      if (init.length !== n) throw new RangeError(`init has ${init.length} items, expected ${n}`);
      let mean = 0;
      for (let i = 0; i < n; i++) mean += init[i]!;
      mean /= n;
      if (Number.isFinite(mean)) for (let i = 0; i < n; i++) x0[i] = init[i]! - mean;
    }

    if (init && pairs.atInit) this.gradientAtInit(pairs.atInit, l2);
    else this.gradient(this.cur, l2);
    let iterations = 0;
    let converged = false;
    for (;;) {
      const { x, g } = this.cur;
      const gmax = maxAbs(g);
      if (gmax <= gtol) {
        converged = true;
        break;
      }
      if (iterations >= maxIter) break;
      iterations++;
      // Inexact Newton: loose solves far from the optimum, tight ones near it (quadratic convergence), but
      // never tighter than the tolerance needs.
      const stepDotR = this.conjugateGradient(Math.min(0.5, gmax / scale), gtol / 2, l2);
      let slope = 0;
      let lo = 0;
      let hi = 0;
      for (let i = 0; i < n; i++) {
        const s = step[i]!;
        slope += g[i]! * s;
        if (s < lo) lo = s;
        if (s > hi) hi = s;
      }
      const curvature = -slope - stepDotR; // stepᵀ·H·step, since H·step = −g − r
      if (!(slope < 0 && curvature > 0)) break; // Only round-off is left.

      // The full Newton step is accepted when it provably decreases F (fullStepSafe), or when it does
      // not pass the minimum along the line: F is convex, so then F(x + step) ≤ F(x + α·step), α ≤ 1.
      const trial = this.trial;
      for (let i = 0; i < n; i++) trial.x[i] = x[i]! + step[i]!;
      this.gradient(trial, l2);
      if (fullStepSafe(slope, curvature, hi - lo) || dot(trial.g, step) <= 0) {
        this.trial = this.cur;
        this.cur = trial;
        continue;
      }
      const alpha = this.backtrack(l2, slope, curvature, hi - lo);
      for (let i = 0; i < n; i++) x[i]! += alpha * step[i]!;
      this.gradient(this.cur, l2);
    }
    out.set(this.cur.x);
    return { iterations, converged };
  }

  /** Armijo backtracking on F, never below the bound's minimiser (see fullStepSafe), a sure decrease. */
  private backtrack(l2: number, slope: number, curvature: number, delta: number): number {
    const safe = Math.min(1, delta < 1e-12 ? -slope / curvature : Math.log1p((-slope * delta) / curvature) / delta);
    const { n, step } = this;
    const x = this.cur.x;
    const xt = this.trial.x;
    const f0 = this.objective(x, l2);
    for (let alpha = 1; alpha > safe; alpha /= 2) {
      for (let i = 0; i < n; i++) xt[i] = x[i]! + alpha * step[i]!;
      if (this.objective(xt, l2) <= f0 + ARMIJO * alpha * slope) return alpha;
    }
    return safe;
  }

  /** F(x) = −ℓ(x) + (l2/2)·‖x‖², only needed for the rare backtracking steps. */
  private objective(x: Float64Array, l2: number): number {
    const { n } = this;
    const { a, b, winsA, winsB, m } = this.pairs;
    let f = 0;
    for (let i = 0; i < n; i++) f += 0.5 * l2 * x[i]! * x[i]!;
    for (let k = 0; k < m; k++) {
      const wa = winsA[k]!;
      const d = x[a[k]!]! - x[b[k]!]!;
      // −ℓ_k = tot·softplus(d) − winsA·d
      f += (wa + winsB[k]!) * ((d > 0 ? d : 0) + Math.log1p(expNeg(d < 0 ? -d : d))) - wa * d;
    }
    return f;
  }

  /**
   * Gradient, Hessian pair weights and diagonal at `at.x`, in one pass over the pairs. Pairs come sorted
   * by a, so item a's sums stay in locals for its whole run (~7% faster than writing them each time).
   */
  private gradient(at: Derivatives, l2: number) {
    const { n } = this;
    const { x, g, diag, w } = at;
    const { a, b, winsA, winsB, m } = this.pairs;
    for (let i = 0; i < n; i++) {
      g[i] = l2 * x[i]!;
      diag[i] = l2;
    }
    let run = m > 0 ? a[0]! : 0;
    let xRun = x[run]!;
    let gRun = 0;
    let hRun = 0;
    for (let k = 0; k < m; k++) {
      const i = a[k]!;
      if (i !== run) {
        g[run]! += gRun;
        diag[run]! += hRun;
        gRun = 0;
        hRun = 0;
        run = i;
        xRun = x[i]!;
      }
      const wa = winsA[k]!;
      const tot = wa + winsB[k]!;
      const j = b[k]!;
      const d = xRun - x[j]!;
      const e = expNeg(d < 0 ? -d : d);
      const inv = 1 / (1 + e);
      const s = wa - tot * (d >= 0 ? inv : e * inv); // ∂ℓ/∂θa = winsA − tot·σ(d)
      gRun -= s;
      g[j]! += s;
      const h = tot * e * inv * inv; // tot·σ(d)·σ(−d)
      w[k] = h;
      hRun += h;
      diag[j]! += h;
    }
    if (m > 0) {
      g[run]! += gRun;
      diag[run]! += hRun;
    }
  }

  /** gradient() at the start point from the caller's σ and σ·(1−σ) per pair. */
  private gradientAtInit({ sigma, variance, source }: NonNullable<Pairs['atInit']>, l2: number) {
    const { n } = this;
    const { x, g, diag, w } = this.cur;
    const { a, b, winsA, winsB, m } = this.pairs;
    for (let i = 0; i < n; i++) {
      g[i] = l2 * x[i]!;
      diag[i] = l2;
    }
    for (let k = 0; k < m; k++) {
      const wa = winsA[k]!;
      const tot = wa + winsB[k]!;
      const i = a[k]!;
      const j = b[k]!;
      const at = source ? source[k]! : k;
      const s = wa - tot * sigma[at]!;
      g[i]! -= s;
      g[j]! += s;
      const h = tot * variance[at]!;
      w[k] = h;
      diag[i]! += h;
      diag[j]! += h;
    }
  }

  /** q = H·v = l2·v + Laplacian(w)·v, with item a's sum kept in a local per run as in gradient(). */
  private hessVec(v: Float64Array, q: Float64Array, l2: number) {
    const { n } = this;
    const { w } = this.cur;
    const { a, b, m } = this.pairs;
    for (let i = 0; i < n; i++) q[i] = l2 * v[i]!;
    let run = m > 0 ? a[0]! : 0;
    let vRun = v[run]!;
    let qRun = 0;
    for (let k = 0; k < m; k++) {
      const i = a[k]!;
      if (i !== run) {
        q[run]! += qRun;
        qRun = 0;
        run = i;
        vRun = v[i]!;
      }
      const j = b[k]!;
      const t = w[k]! * (vRun - v[j]!);
      qRun += t;
      q[j]! -= t;
    }
    if (m > 0) q[run]! += qRun;
  }

  /**
   * Jacobi-preconditioned CG for H·step = −g in the zero-mean subspace (the Laplacian and l2·I both
   * preserve it; the preconditioned residual is projected back into it), until ‖r‖ ≤ max(eta·‖g‖, floor).
   * Returns stepᵀ·r, which gives the curvature along the step.
   */
  private conjugateGradient(eta: number, floor: number, l2: number): number {
    const { n, step, r, z, p, q } = this;
    const { g } = this.cur;
    step.fill(0);
    let gMean = 0;
    for (let i = 0; i < n; i++) gMean += g[i]!;
    gMean /= n;
    let rr = 0;
    for (let i = 0; i < n; i++) {
      const ri = gMean - g[i]!;
      r[i] = ri;
      rr += ri * ri;
    }
    const stop = Math.max(eta * eta * rr, floor * floor);
    let rz = this.precondition();
    p.set(z);
    for (let it = 0; it < MAX_CG_ITER && rr > stop; it++) {
      this.hessVec(p, q, l2);
      let pq = 0;
      for (let i = 0; i < n; i++) pq += p[i]! * q[i]!;
      if (!(pq > 0)) break;
      const alpha = rz / pq;
      rr = 0;
      for (let i = 0; i < n; i++) {
        step[i]! += alpha * p[i]!;
        const ri = r[i]! - alpha * q[i]!;
        r[i] = ri;
        rr += ri * ri;
      }
      const rzNext = this.precondition();
      const beta = rzNext / rz;
      rz = rzNext;
      for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
    }
    let stepDotR = 0;
    for (let i = 0; i < n; i++) stepDotR += step[i]! * r[i]!;
    return stepDotR;
  }

  /** z = P·D⁻¹·r (P removes the mean); returns r·z. */
  private precondition(): number {
    const { n, r, z } = this;
    const { diag } = this.cur;
    let mean = 0;
    for (let i = 0; i < n; i++) {
      const zi = r[i]! / diag[i]!;
      z[i] = zi;
      mean += zi;
    }
    mean /= n;
    let rz = 0;
    for (let i = 0; i < n; i++) {
      const zi = z[i]! - mean;
      z[i] = zi;
      rz += r[i]! * zi;
    }
    return rz;
  }
}

/**
 * Along a Newton direction, φ(α) = F(x + α·step) has |φ'''| ≤ Δ·φ'' with Δ = max |step_a − step_b|
 * ≤ max step − min step (each logistic term's third derivative is bounded by its second), hence
 * (Bach 2010, generalised self-concordance)
 *   φ(α) ≤ φ(0) + α·φ'(0) + φ''(0)·(e^{Δα} − Δα − 1)/Δ².
 * True when that bound already gives Armijo decrease at α = 1, as it does for every step near the
 * optimum, where the full step may overshoot the line minimum slightly without F being evaluated.
 */
function fullStepSafe(slope: number, curvature: number, delta: number): boolean {
  const bound =
    delta < 1e-6 ? slope + curvature / 2 : slope + (curvature * (Math.expm1(delta) - delta)) / (delta * delta);
  return bound <= ARMIJO * slope;
}

function dot(u: Float64Array, v: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < u.length; i++) sum += u[i]! * v[i]!;
  return sum;
}

function maxAbs(v: Float64Array): number {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const x = Math.abs(v[i]!);
    if (x > max) max = x;
  }
  return max;
}

/**
 * Penalised maximum-likelihood Bradley-Terry fit (Newton-CG). A thread that goes on to the bootstrap
 * passes its workspace, so the solver's pair weights are the ones the bootstrap's solver reuses.
 */
export function fit(data: PairData, opts: FitOptions = {}, workspace?: Workspace): FitResult {
  checkData(data);
  const { n, a, b, winsA, winsB } = data;
  const theta = new Float64Array(n);
  const { iterations, converged } = new NewtonSolver(n, a.length, workspace).solve(
    { a, b, winsA, winsB, m: a.length },
    opts.init,
    theta,
    opts.l2 ?? DEFAULT_L2,
    opts.tol ?? DEFAULT_TOL,
    opts.maxIter ?? DEFAULT_MAX_ITER,
  );
  return { theta, iterations, converged };
}
