/** Geometry of a small score-over-time chart with its 95% band; pure, so it is unit-tested. */

export interface ScorePoint {
  at: string;
  score: number;
  lower: number;
  upper: number;
}

export interface SparklineGeometry {
  /** SVG path of the score line. */
  line: string;
  /** SVG path of the closed interval band (upper edge forward, lower edge back). */
  band: string;
  points: { x: number; y: number }[];
  /** The value range drawn, bottom to top. */
  min: number;
  max: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Places the points by time on x (evenly when the times are all equal or unreadable) and by value on
 * y (top = highest), inside `pad` pixels of margin; the value range covers every band with 5% air.
 */
export function sparklineGeometry(
  history: ScorePoint[],
  width: number,
  height: number,
  pad = 6,
): SparklineGeometry | null {
  if (history.length === 0 || width <= 2 * pad || height <= 2 * pad) return null;
  const lows = history.map((p) => Math.min(p.lower, p.score));
  const highs = history.map((p) => Math.max(p.upper, p.score));
  let min = Math.min(...lows);
  let max = Math.max(...highs);
  if (!(max > min)) {
    min -= 1;
    max += 1;
  }
  const air = (max - min) * 0.05;
  min -= air;
  max += air;

  const times = history.map((p) => Date.parse(p.at));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const byTime = times.every(Number.isFinite) && t1 > t0;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const x = (i: number) =>
    pad +
    (history.length === 1
      ? innerW / 2
      : byTime
        ? ((times[i]! - t0) / (t1 - t0)) * innerW
        : (i / (history.length - 1)) * innerW);
  const y = (v: number) => pad + ((max - v) / (max - min)) * innerH;

  const points = history.map((p, i) => ({ x: round(x(i)), y: round(y(p.score)) }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const upper = history.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(i))} ${round(y(Math.max(p.upper, p.score)))}`);
  const lower = history.map((p, i) => `L${round(x(i))} ${round(y(Math.min(p.lower, p.score)))}`).reverse();
  return { line, band: `${upper.join(' ')} ${lower.join(' ')} Z`, points, min, max };
}
