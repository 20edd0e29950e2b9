/**
 * Test-only reference for the engine (index.ts): a plain dense Newton method on the same penalised
 * objective, with the full Hessian and a Cholesky solve. Slow (O(n³) per step) and meant for n ≤ ~60,
 * but every step is the textbook formula, so it is easy to trust.
 */
import type { PairData } from './types.ts';

/** log σ(x), computed without overflow. */
function logSigmoid(x: number): number {
  return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
}

function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** Negative penalised log-likelihood. */
export function objective(data: PairData, theta: ArrayLike<number>, l2: number): number {
  let f = 0;
  for (let i = 0; i < data.n; i++) f += (l2 / 2) * theta[i]! ** 2;
  for (let k = 0; k < data.a.length; k++) {
    const d = theta[data.a[k]!]! - theta[data.b[k]!]!;
    f -= data.winsA[k]! * logSigmoid(d) + data.winsB[k]! * logSigmoid(-d);
  }
  return f;
}

/** Solves A·x = y for a symmetric positive definite A (row-major n×n) by Cholesky. */
function choleskySolve(A: number[][], y: number[]): number[] {
  const n = y.length;
  const L = A.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i]![j]!;
      for (let k = 0; k < j; k++) s -= L[i]![k]! * L[j]![k]!;
      if (i === j) {
        if (!(s > 0)) throw new Error('matrix is not positive definite');
        L[i]![i] = Math.sqrt(s);
      } else {
        L[i]![j] = s / L[j]![j]!;
      }
    }
  }
  const z = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = y[i]!;
    for (let k = 0; k < i; k++) s -= L[i]![k]! * z[k]!;
    z[i] = s / L[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k]![i]! * x[k]!;
    x[i] = s / L[i]![i]!;
  }
  return x;
}

/** Dense damped Newton until the step is below 1e-13 logit. */
export function referenceFit(data: PairData, l2 = 0.5): Float64Array {
  const { n, a, b, winsA, winsB } = data;
  let theta = new Array<number>(n).fill(0);
  for (let iter = 0; iter < 200; iter++) {
    const grad = theta.map((t) => l2 * t);
    const hess = theta.map((_, i) => theta.map((__, j) => (i === j ? l2 : 0)));
    for (let k = 0; k < a.length; k++) {
      const i = a[k]!;
      const j = b[k]!;
      const p = sigmoid(theta[i]! - theta[j]!);
      const tot = winsA[k]! + winsB[k]!;
      // d(−ℓ)/dθi = −(winsA − tot·p); d(−ℓ)/dθj = +(winsA − tot·p)
      grad[i]! -= winsA[k]! - tot * p;
      grad[j]! += winsA[k]! - tot * p;
      const h = tot * p * (1 - p);
      hess[i]![i]! += h;
      hess[j]![j]! += h;
      hess[i]![j]! -= h;
      hess[j]![i]! -= h;
    }
    const step = choleskySolve(
      hess,
      grad.map((g) => -g),
    );
    const f0 = objective(data, theta, l2);
    let alpha = 1;
    let next = theta.map((t, i) => t + step[i]!);
    while (objective(data, next, l2) > f0 && alpha > 1e-10) {
      alpha /= 2;
      next = theta.map((t, i) => t + alpha * step[i]!);
    }
    theta = next;
    if (Math.max(...step.map((s) => Math.abs(alpha * s))) < 1e-13) break;
  }
  return Float64Array.from(theta);
}
