/**
 * Bradley-Terry ranking engine (docs/ranking.md §3): penalised maximum-likelihood fit, Elo-scale
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

export type {
  BootstrapOptions,
  BootstrapResult,
  BootstrapRoundsOptions,
  BootstrapSamples,
  Counts,
  FitOptions,
  FitResult,
  PairData,
  Vote,
  VoteOutcome,
} from './types.ts';
export { aggregate, itemTotals } from './pairs.ts';
export { fit } from './newton.ts';
export { toEloScale } from './elo-scale.ts';
export {
  type BootstrapBasis,
  basisBytes,
  bootstrap,
  bootstrapBasis,
  bootstrapIntervals,
  bootstrapRounds,
} from './bootstrap.ts';
export { rankUpperBound } from './rank.ts';
export { MAX_PAIR_VOTES } from './types.ts';
export { SharedArena, Workspace } from './workspace.ts';
