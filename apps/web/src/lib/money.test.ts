import { discountedCents } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import { localeOf } from './language.ts';
import { formatCents, parseCents } from './money.ts';

// Intl separates "R$" from the number with a no-break space in pt-BR.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const pt = (cents: number) => plain(formatCents(cents, localeOf('pt')));
const en = (cents: number) => plain(formatCents(cents, localeOf('en')));

describe('formatCents', () => {
  it('formats cents as reais in pt and en', () => {
    expect(pt(34_990)).toBe('R$ 349,90');
    expect(en(34_990)).toBe('R$349.90');
  });

  it('shows zero with its cents', () => {
    expect(pt(0)).toBe('R$ 0,00');
    expect(en(0)).toBe('R$0.00');
  });

  it('groups thousands', () => {
    expect(pt(123_456_789)).toBe('R$ 1.234.567,89');
    expect(en(123_456_789)).toBe('R$1,234,567.89');
    expect(pt(100_000)).toBe('R$ 1.000,00');
  });

  it('shows single cents exactly', () => {
    expect(pt(5)).toBe('R$ 0,05');
    expect(en(1_999)).toBe('R$19.99');
  });

  it('formats discounted prices rounded to the cent by the contracts (half up), never in floats', () => {
    // 349,90 − 15% = 297,415 → 297,42
    expect(discountedCents(34_990, 15)).toBe(29_742);
    expect(pt(discountedCents(34_990, 15))).toBe('R$ 297,42');
    // 0,99 − 50% = 0,495 → 0,50
    expect(en(discountedCents(99, 50))).toBe('R$0.50');
    expect(pt(discountedCents(10_000, 0))).toBe('R$ 100,00');
  });
});

describe('parseCents', () => {
  it('reads prices as people type them, in integer cents', () => {
    expect(parseCents('199')).toBe(19_900);
    expect(parseCents('199,90')).toBe(19_990);
    expect(parseCents('199.9')).toBe(19_990);
    expect(parseCents('R$ 1.299,90')).toBe(129_990);
    expect(parseCents('1,299.05')).toBe(129_905);
    expect(parseCents(' 0 ')).toBe(0);
    expect(parseCents('0,07')).toBe(7);
  });

  it('refuses what is not a price', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '1e3', '12.34.5']) expect(parseCents(text), text).toBeNull();
  });
});
