/** Rank correlation helpers for tests that check a fit recovers a known order. */
export function ranks(values: ArrayLike<number>): number[] {
  const order = Array.from(values, (_, i) => i).sort((i, j) => values[i]! - values[j]!);
  const rank = new Array<number>(values.length);
  order.forEach((item, r) => (rank[item] = r));
  return rank;
}

export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const n = rx.length;
  const mean = (n - 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i]! - mean) * (ry[i]! - mean);
    sxx += (rx[i]! - mean) ** 2;
    syy += (ry[i]! - mean) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
