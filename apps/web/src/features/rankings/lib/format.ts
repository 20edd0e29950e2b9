/** Pure helpers of the ranking screens: counts, win rates, movement, relative time (scores: lib/interval.ts). */
import { numberFormat } from '#lib/intl-format.ts';

export function formatCount(count: number, locale: string): string {
  return numberFormat(locale).format(count);
}

/** A win rate (0..1) as a whole percentage; '—' without votes. */
export function formatWinRate(winRate: number | null, locale: string): string {
  if (winRate === null || !Number.isFinite(winRate)) return '—';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(winRate);
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
