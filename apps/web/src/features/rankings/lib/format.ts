/** Pure helpers of the ranking screens: numbers, movement, interval geometry, relative time. */

/**
 * A score on the Elo scale, shown as a whole number without grouping: "1.149" would read as a
 * decimal to many, and Elo tables write 1149.
 */
export function formatScore(score: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }).format(Math.round(score));
}

export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count);
}

/** A win rate (0..1) as a whole percentage; '—' without votes. */
export function formatWinRate(winRate: number | null, locale: string): string {
  if (winRate === null || !Number.isFinite(winRate)) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(winRate);
}

export type Movement = { kind: 'new' } | { kind: 'same' } | { kind: 'up'; by: number } | { kind: 'down'; by: number };

/** How a jersey moved since the previous snapshot: a smaller rank is a move up. */
export function movement(rank: number, previousRank: number | null): Movement {
  if (previousRank === null) return { kind: 'new' };
  if (previousRank === rank) return { kind: 'same' };
  return previousRank > rank ? { kind: 'up', by: previousRank - rank } : { kind: 'down', by: rank - previousRank };
}

/** The short visible mark of a movement: ▲3, ▼2, = (new is a word, translated by the caller). */
export function movementSymbol(m: Movement): string {
  switch (m.kind) {
    case 'up':
      return `▲${m.by}`;
    case 'down':
      return `▼${m.by}`;
    case 'same':
      return '=';
    case 'new':
      return '';
  }
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

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** The largest whole unit between `then` and `now`, negative for the past (Intl.RelativeTimeFormat's input). */
export function relativeTimeParts(then: Date, now: Date): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return { value: 0, unit: 'second' };
  for (const [unit, length] of UNITS) {
    if (size >= length) return { value: Math.trunc(seconds / length), unit };
  }
  return { value: 0, unit: 'second' };
}

/** "há 5 minutos" / "5 minutes ago"; "agora" / "now" under 45 seconds (or for a clock running ahead). */
export function formatRelativeTime(then: Date, now: Date, locale: string): string {
  const { value, unit } = relativeTimeParts(then.getTime() > now.getTime() ? now : then, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}
