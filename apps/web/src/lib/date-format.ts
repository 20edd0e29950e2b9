const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, kept, as lib/number-format.ts keeps number formats:
 * building one with a time zone is costly on a phone, and a tournaments page built one per card (a quarter
 * of React's takeover of the drawn page, docs/perf/first-screen.md).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
