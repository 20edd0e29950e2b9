const ELO_BASE = 1000;
const ELO_PER_LOGIT = 400 / Math.LN10;

/** Elo-like display scale: 1000 + (400 / ln 10)·(θ − mean θ). */
export function toEloScale(theta: Float64Array): Float64Array {
  const out = new Float64Array(theta.length);
  eloInto(theta, out, 0);
  return out;
}

/** toEloScale into `out` from `offset` (the bootstrap writes each round into one buffer). */
export function eloInto(theta: Float64Array, out: Float64Array, offset: number) {
  const n = theta.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += theta[i]!;
  mean /= n;
  for (let i = 0; i < n; i++) out[offset + i] = ELO_BASE + ELO_PER_LOGIT * (theta[i]! - mean);
}
