import type { Segments } from '@manto/contracts';
import { BR_STATES } from '@manto/contracts/regions';
import { regionNames } from '#lib/intl-format.ts';

/** A country's name in the interface language ('BR' → 'Brasil' / 'Brazil'); the code when Intl does not know it. */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A picker region as people read it: 'BR' → 'Brasil', 'BR-SP' → 'Brasil — São Paulo'. */
export function regionName(region: string, locale: string): string {
  const state = /^BR-([A-Z]{2})$/.exec(region)?.[1];
  if (state) {
    const name = (BR_STATES as Record<string, string>)[state] ?? state;
    return `${countryName('BR', locale)} — ${name}`;
  }
  return countryName(region, locale);
}

export interface RegionOption {
  value: string;
  label: string;
}

/**
 * The region picker's options from the segments shown: countries, then Brazil's states, each sorted by
 * name. A region already chosen that is not shown any more (fewer voters now) stays, so it can be seen
 * and cleared.
 */
export function regionOptions(segments: Segments | undefined, locale: string, current: string | null) {
  const byLabel = (a: RegionOption, b: RegionOption) => a.label.localeCompare(b.label, locale);
  const countries = (segments?.countries ?? []).map((c) => ({ value: c.code, label: regionName(c.code, locale) }));
  const states = (segments?.states ?? []).map((s) => ({
    value: `BR-${s.code}`,
    label: regionName(`BR-${s.code}`, locale),
  }));
  if (current && ![...countries, ...states].some((o) => o.value === current)) {
    (current.startsWith('BR-') ? states : countries).push({ value: current, label: regionName(current, locale) });
  }
  return { countries: countries.sort(byLabel), states: states.sort(byLabel) };
}
