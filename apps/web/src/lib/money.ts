import { CURRENCY } from '@manto/contracts/constants';
import { useLocale } from './use-locale.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Integer cents as Brazilian reais in the interface's locale: "R$ 349,90" (pt-BR), "R$349.90" (en-GB).
 * The division by 100 happens only here, for display; money is never computed in floats.
 */
export function formatCents(cents: number, locale: string): string {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
    formatters.set(locale, format);
  }
  return format.format(cents / 100);
}

/** `formatCents` in the current interface language. */
export function useMoney(): (cents: number) => string {
  const locale = useLocale();
  return (cents) => formatCents(cents, locale);
}
