import { dateTimeFormat, numberFormat } from '#lib/intl-format.ts';

/** "12 de mar. de 2025 – 20 de mar. de 2025" / "12 Mar 2025 – 20 Mar 2025": a tournament's dates. */
export function formatDateRange(locale: string, timeZone: string, fromIso: string, toIso: string): string {
  const format = dateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  // Around the dash, some ICU versions put thin spaces (Node's) and others plain ones (browsers'): plain ones
  // always, so a page the server drew reads the same once the browser has taken it over.
  return format.formatRange(new Date(fromIso), new Date(toIso)).replace(/\u2009/g, ' ');
}

/** A moment with its time: "12/03/2025, 20:00". */
export function formatDateTime(locale: string, timeZone: string, iso: string): string {
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** A short moment for a round's column: "12/03, 20:00" / "12/03, 20:00". */
export function formatShortDateTime(locale: string, timeZone: string, iso: string): string {
  return dateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A side's points: wins plus half the ties, so "2,5" / "2.5". */
export function formatPoints(locale: string, points: number): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(points);
}

/** A round's length in whole days when it is one, hours otherwise (for the plural keys of 'common'). */
export function roundLength(hours: number): { unit: 'days' | 'hours'; count: number } {
  return hours % 24 === 0 ? { unit: 'days', count: hours / 24 } : { unit: 'hours', count: hours };
}
