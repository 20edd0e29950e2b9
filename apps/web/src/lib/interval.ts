/** A score and its 95% interval on an axis: the ranking screens' and the jersey page's bars. */
import { numberFormat } from './intl-format.ts';

/**
 * A score on the Elo scale, shown as a whole number without grouping: "1.149" would read as a
 * decimal to many, and Elo tables write 1149.
 */
export function formatScore(score: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }).format(Math.round(score));
}

export interface Axis {
  min: number;
  max: number;
}

export interface IntervalGeometry {
  /** Where the interval starts and ends and where the score sits, in percent of the axis (0..100). */
  start: number;
  end: number;
  point: number;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Places an interval on the scope's shared axis, so every row's bar is comparable. Without an axis
 * (or a zero-width one) the interval is drawn around the middle.
 */
export function intervalGeometry(axis: Axis | null, lower: number, score: number, upper: number): IntervalGeometry {
  const lo = Math.min(lower, upper);
  const hi = Math.max(lower, upper);
  if (!axis || !(axis.max > axis.min)) return { start: 50, end: 50, point: 50 };
  const at = (value: number) => clamp(((value - axis.min) / (axis.max - axis.min)) * 100);
  return { start: at(lo), end: at(hi), point: at(Math.min(hi, Math.max(lo, score))) };
}
