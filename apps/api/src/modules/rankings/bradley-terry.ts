/**
 * Bradley-Terry ranking engine (shared/guide/ranking.md §3): penalised maximum-likelihood fit, Elo-scale
 * scores, bootstrap 95% intervals and Chatbot Arena's Rank (UB). Pure TypeScript on typed arrays, so a
 * worker thread or a job can run it without native dependencies.
 *
 * Model: P(a beats b) = σ(θa − θb). The fit maximises
 *   ℓ(θ) = Σ_k winsA_k·log σ(θa − θb) + winsB_k·log σ(θb − θa) − (l2/2)·Σθ²
 * The penalty keeps all-win / all-loss items finite and makes ℓ strictly concave, so the optimum is
 * unique without a centring constraint. The likelihood's gradient sums to zero over items, so the
 * optimum satisfies l2·Σθ = 0: it is centred by itself, which the solver exploits.
 *
 * Solver: truncated Newton (Newton-CG). The Hessian is a weighted graph Laplacian plus l2·I, so a
 * Hessian-vector product is one cheap pass over the pairs with no transcendental function, while a
 * gradient pass needs an exp per pair. Newton needs ~6 gradient passes from zero and ~3 from a warm
 * start, where L-BFGS would need tens. CG uses a Jacobi preconditioner inside the zero-mean subspace
 * (which H maps to itself), so the tiny l2-only eigenvalue of the all-ones direction never slows it.
 * Full Newton steps are accepted on convexity or a self-concordance bound (see solve), so the
 * objective itself (an exp and a log1p per pair) is only evaluated when a step must be shortened.
 */

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
  readonly winsA: Float64Array;
  readonly winsB: Float64Array;
  readonly ties?: Float64Array;
}

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

const DEFAULT_L2 = 0.5;
const DEFAULT_TOL = 1e-8;
const DEFAULT_BOOTSTRAP_TOL = 1e-5;
const DEFAULT_MAX_ITER = 100;
const MAX_CG_ITER = 200;
const ARMIJO = 1e-4;
const ELO_BASE = 1000;
const ELO_PER_LOGIT = 400 / Math.LN10;
const TWO_32 = 4294967296;

// ————————————————————————————————————————————— votes → pairs —————————————————————————————————————————————

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
  for (let v = 0; v < count; v++) if (v === 0 || Math.floor(sorted[v]! / 4) !== Math.floor(sorted[v - 1]! / 4)) size++;
  const out = {
    n,
    a: new Int32Array(size),
    b: new Int32Array(size),
    winsA: new Float64Array(size),
    winsB: new Float64Array(size),
    ties: new Float64Array(size),
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

function checkData(data: PairData) {
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

// ————————————————————————————————————————————————— the fit —————————————————————————————————————————————————

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
interface Pairs {
  a: Int32Array;
  b: Int32Array;
  winsA: Float64Array;
  winsB: Float64Array;
  m: number;
  /**
   * σ(d) and σ(d)·σ(−d), d = init_a − init_b, when the caller already knows them: the bootstrap
   * warm-starts every replicate from the same point, so its first gradient pass then needs no exp.
   */
  sigma?: Float64Array;
  variance?: Float64Array;
}

/** Where a gradient pass writes: the gradient of F, the Hessian's diagonal and its pair weights. */
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
class NewtonSolver {
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

  constructor(n: number, capacity: number) {
    this.n = n;
    this.pairs = {
      a: new Int32Array(0),
      b: new Int32Array(0),
      winsA: new Float64Array(0),
      winsB: new Float64Array(0),
      m: 0,
    };
    const derivatives = () => ({
      x: new Float64Array(n),
      g: new Float64Array(n),
      diag: new Float64Array(n),
      w: new Float64Array(capacity),
    });
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

    if (init && pairs.sigma && pairs.variance) this.gradientAtInit(pairs.sigma, pairs.variance, l2);
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
  private gradientAtInit(sigma: Float64Array, variance: Float64Array, l2: number) {
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
      const s = wa - tot * sigma[k]!;
      g[i]! -= s;
      g[j]! += s;
      const h = tot * variance[k]!;
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

/** Penalised maximum-likelihood Bradley-Terry fit (Newton-CG). */
export function fit(data: PairData, opts: FitOptions = {}): FitResult {
  checkData(data);
  const { n, a, b, winsA, winsB } = data;
  const theta = new Float64Array(n);
  const { iterations, converged } = new NewtonSolver(n, a.length).solve(
    { a, b, winsA, winsB, m: a.length },
    opts.init,
    theta,
    opts.l2 ?? DEFAULT_L2,
    opts.tol ?? DEFAULT_TOL,
    opts.maxIter ?? DEFAULT_MAX_ITER,
  );
  return { theta, iterations, converged };
}

/** Elo-like display scale: 1000 + (400 / ln 10)·(θ − mean θ). */
export function toEloScale(theta: Float64Array): Float64Array {
  const out = new Float64Array(theta.length);
  eloInto(theta, out, 0);
  return out;
}

function eloInto(theta: Float64Array, out: Float64Array, offset: number) {
  const n = theta.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += theta[i]!;
  mean /= n;
  for (let i = 0; i < n; i++) out[offset + i] = ELO_BASE + ELO_PER_LOGIT * (theta[i]! - mean);
}

// ———————————————————————————————————————————————— bootstrap ————————————————————————————————————————————————

/** xoshiro128** (period 2¹²⁸ − 1) seeded through splitmix32: fast, reproducible 32-bit draws. */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** Uniform integer in [0, 2³²). */
  nextU32(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  next(): number {
    return ((this.nextU32() >>> 5) * 67108864 + (this.nextU32() >>> 6)) / 9007199254740992;
  }

  /** Fills `out` with the next out.length values of nextU32(); the state lives in locals meanwhile. */
  fill(out: Uint32Array) {
    let { s0, s1, s2, s3 } = this;
    for (let i = 0; i < out.length; i++) {
      const m = Math.imul(s1, 5);
      out[i] = Math.imul((m << 7) | (m >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }
}

/** Target size of a second-stage block: its alias table (24 KB) stays in cache while its draws run. */
const BLOCK = 1024;

/**
 * Draws bootstrap replicates of the pair counts: the total number of votes N, multinomially over the
 * pair-outcome cells — per pair "a won", "b won" and, when `ties` is known, "tie" — weighted by the
 * observed counts (FastChat's scheme). Without `ties` the cells are winsA and winsB including the
 * halves, so a tie's mass is redrawn as a whole win for either side: slightly wider (conservative)
 * intervals for tie-heavy data.
 *
 * The multinomial is drawn in two exact stages. The cells, laid end to end, are cut into B blocks of
 * equal weight (a cell crossing a cut contributes a piece to each side), so stage one — N votes over the
 * blocks — is a uniform multinomial; stage two draws each block's votes over its pieces from a small
 * Vose alias table. One table over ~10⁶ cells would miss the cache on every draw.
 */
class Resampler {
  readonly draws: number;
  private readonly m: number;
  private readonly blocks: number;
  private readonly blockStart: Int32Array;
  /** Per piece: [threshold·2³², own counter, alias counter]. */
  private readonly table: Float64Array;
  private readonly blockCounts: Uint32Array;
  /** Counter 3k, 3k+1, 3k+2 = pair k's "a won", "b won", "tie". */
  private readonly counts: Uint32Array;
  private readonly random: Uint32Array;

  constructor(data: PairData) {
    const { winsA, winsB, ties } = data;
    const m = winsA.length;
    const weights = new Float64Array(3 * m);
    let total = 0;
    let cells = 0;
    for (let k = 0; k < m; k++) {
      const t = ties ? ties[k]! : 0;
      weights[3 * k] = winsA[k]! - t / 2;
      weights[3 * k + 1] = winsB[k]! - t / 2;
      weights[3 * k + 2] = t;
      total += winsA[k]! + winsB[k]!;
      cells += (winsA[k]! > t / 2 ? 1 : 0) + (winsB[k]! > t / 2 ? 1 : 0) + (t > 0 ? 1 : 0);
    }
    const blocks = Math.max(1, Math.ceil(cells / BLOCK));
    const per = total / blocks;
    const pieceWeight = new Float64Array(cells + blocks);
    const pieceTarget = new Int32Array(cells + blocks);
    const blockStart = new Int32Array(blocks + 1);
    let pieces = 0;
    let block = 0;
    let lo = 0;
    for (let c = 0; c < 3 * m; c++) {
      const weight = weights[c]!;
      if (!(weight > 0)) continue;
      const hi = lo + weight;
      for (;;) {
        const end = block === blocks - 1 ? Infinity : (block + 1) * per;
        const piece = Math.min(hi, end) - Math.max(lo, block * per);
        if (piece > 0) {
          pieceWeight[pieces] = piece;
          pieceTarget[pieces++] = c;
        }
        if (hi <= end) break;
        blockStart[++block] = pieces;
      }
      lo = hi;
    }
    blockStart.fill(pieces, block + 1);
    // Every block spans weight total/B > 0, so none is empty; a draw into an empty one would be lost.
    for (let j = 0; j < blocks && pieces > 0; j++)
      if (blockStart[j + 1]! <= blockStart[j]!) throw new Error('empty resampling block');

    const table = new Float64Array(3 * pieces);
    const scaled = new Float64Array(pieces);
    const small = new Int32Array(pieces);
    const large = new Int32Array(pieces);
    for (let j = 0; j < blocks; j++)
      fillAlias(table, pieceWeight, pieceTarget, blockStart[j]!, blockStart[j + 1]!, scaled, small, large);

    this.draws = Math.round(total);
    this.m = m;
    this.blocks = blocks;
    this.blockStart = blockStart;
    this.table = table;
    this.blockCounts = new Uint32Array(blocks);
    this.counts = new Uint32Array(3 * m);
    this.random = new Uint32Array(this.draws);
  }

  /**
   * Draws one replicate and writes its non-empty pairs (ties as halves) to `out`, compacted, so the
   * refit skips the ~1/e of pairs that drew no vote; `sigma` and `variance` are copied along.
   */
  resample(rng: Rng, a: Int32Array, b: Int32Array, sigma: Float64Array, variance: Float64Array, out: Required<Pairs>) {
    const { draws, m, blocks, blockStart, table, blockCounts, counts, random } = this;
    rng.fill(random);
    blockCounts.fill(0);
    for (let v = 0; v < draws; v++) blockCounts[Math.floor((random[v]! * blocks) / TWO_32)]! += 1;
    // Stage two, one 32-bit number per draw: u·len = 2³²·entry + rest, where rest/2³² is uniform on
    // [0, 1) in steps of len/2³² (≈2⁻²² for a block), fine enough to compare with the entry's threshold.
    rng.fill(random);
    counts.fill(0);
    let v = 0;
    for (let j = 0; j < blocks; j++) {
      const start = blockStart[j]!;
      const len = blockStart[j + 1]! - start;
      for (let c = blockCounts[j]!; c > 0; c--) {
        const u = random[v++]! * len;
        const entry = Math.floor(u / TWO_32);
        const off = 3 * (start + entry);
        counts[table[u - entry * TWO_32 < table[off]! ? off + 1 : off + 2]!]! += 1;
      }
    }
    let used = 0;
    for (let k = 0; k < m; k++) {
      const aWon = counts[3 * k]!;
      const bWon = counts[3 * k + 1]!;
      const tie = counts[3 * k + 2]!;
      if (aWon + bWon + tie === 0) continue;
      out.a[used] = a[k]!;
      out.b[used] = b[k]!;
      out.sigma[used] = sigma[k]!;
      out.variance[used] = variance[k]!;
      out.winsA[used] = aWon + 0.5 * tie;
      out.winsB[used++] = bWon + 0.5 * tie;
    }
    out.m = used;
  }
}

/**
 * Vose alias table over weights[from, to), written to table[3i … 3i+2] as [threshold·2³², own target,
 * alias target], so a draw reads one entry and gets its counter directly. `scaled`, `small` and `large`
 * are scratch arrays of at least to − from entries.
 */
function fillAlias(
  table: Float64Array,
  weights: Float64Array,
  targets: Int32Array,
  from: number,
  to: number,
  scaled: Float64Array,
  small: Int32Array,
  large: Int32Array,
) {
  const len = to - from;
  let total = 0;
  for (let i = from; i < to; i++) total += weights[i]!;
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < len; i++) {
    const v = (weights[from + i]! * len) / total;
    scaled[i] = v;
    if (v < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[nl - 1]!;
    const off = 3 * (from + s);
    table[off] = scaled[s]! * TWO_32;
    table[off + 1] = targets[from + s]!;
    table[off + 2] = targets[from + l]!;
    const rest = scaled[l]! + scaled[s]! - 1;
    scaled[l] = rest;
    if (rest < 1) {
      nl--;
      small[ns++] = l;
    }
  }
  // Whatever is left has probability 1 up to round-off.
  for (let c = 0; c < nl + ns; c++) {
    const i = c < nl ? large[c]! : small[c - nl]!;
    const off = 3 * (from + i);
    table[off] = TWO_32;
    table[off + 1] = targets[from + i]!;
    table[off + 2] = targets[from + i]!;
  }
}

/**
 * Bootstrap 95% intervals on the Elo scale: `rounds` replicates (see Resampler), each refitted
 * warm-started from `full`; the 2.5th and 97.5th percentiles of each item's Elo-scaled replicates.
 */
export function bootstrap(data: PairData, full: Float64Array, opts: BootstrapOptions): BootstrapResult {
  checkData(data);
  const { n, a, b } = data;
  const m = a.length;
  const rounds = opts.rounds ?? 100;
  const l2 = opts.l2 ?? DEFAULT_L2;
  const tol = opts.tol ?? DEFAULT_BOOTSTRAP_TOL;
  const maxIter = opts.maxIter ?? DEFAULT_MAX_ITER;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError('rounds must be a positive integer');
  if (full.length !== n || !full.every(Number.isFinite)) throw new RangeError(`full must hold ${n} finite scores`);

  const resampler = new Resampler(data);
  const rng = new Rng(opts.seed);
  const solver = new NewtonSolver(n, m);
  // Every replicate starts from `full`, so σ and σ·(1−σ) there are shared: the first gradient needs no exp.
  const sigma = new Float64Array(m);
  const variance = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const d = full[a[k]!]! - full[b[k]!]!;
    sigma[k] = 1 / (1 + Math.exp(-d));
    variance[k] = sigma[k]! / (1 + Math.exp(d));
  }
  const replicate: Required<Pairs> = {
    a: new Int32Array(m),
    b: new Int32Array(m),
    winsA: new Float64Array(m),
    winsB: new Float64Array(m),
    m: 0,
    sigma: new Float64Array(m),
    variance: new Float64Array(m),
  };
  const theta = new Float64Array(n);
  const samples = new Float64Array(rounds * n);
  let iterations = 0;
  let unconverged = 0;
  for (let round = 0; round < rounds; round++) {
    resampler.resample(rng, a, b, sigma, variance, replicate);
    const res = solver.solve(replicate, full, theta, l2, tol, maxIter);
    iterations += res.iterations;
    if (!res.converged) unconverged++;
    eloInto(theta, samples, round * n);
  }

  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  const column = new Float64Array(rounds);
  for (let i = 0; i < n; i++) {
    for (let r = 0; r < rounds; r++) column[r] = samples[r * n + i]!;
    column.sort();
    lower[i] = quantile(column, 0.025);
    upper[i] = quantile(column, 0.975);
  }
  return { lower, upper, iterations, unconverged };
}

/** Linear-interpolation quantile of sorted values (the numpy / pandas default). */
function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const x = sorted[lo]!;
  const y = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return x + (h - lo) * (y - x);
}

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
