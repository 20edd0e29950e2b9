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

/**
 * A price as people type it ("199", "199,90", "199.9", "R$ 1.299,90" in Portuguese) in integer cents, read
 * digit by digit with no float; null when it is not a price. A dot or comma followed by one or two digits at
 * the end is the decimal separator; any other is a thousands separator.
 */
export function parseCents(text: string): number | null {
  const plain = text.replace(/^\s*R\$\s*/i, '').trim();
  const match = /^(\d{1,3}(?:[.,\s]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const reais = Number(match[1]!.replace(/[.,\s]/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return reais * 100 + cents;
}
