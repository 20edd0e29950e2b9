/**
 * The app's Intl formatters, one per locale and options, kept: building one costs about 1 ms on
 * Lighthouse's phone (a 4× slower CPU), more with a time zone, and a page formats several numbers and dates
 * per row (docs/perf/first-screen.md).
 */
const kept = new Map<string, unknown>();

function keep<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = kept.get(key) as T | undefined;
  if (format === undefined) {
    format = make();
    kept.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  keep('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  keep('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** Countries' names in a language ('BR' → 'Brasil' / 'Brazil'); throws where Intl does not know the locale. */
export const regionNames = (locale: string): Intl.DisplayNames =>
  keep('region', locale, {}, () => new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }));
