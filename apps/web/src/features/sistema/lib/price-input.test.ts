import { describe, expect, it } from 'vitest';
import { formatReais, parseReais } from './price-input.ts';

describe('parseReais', () => {
  it('reads reais as integer cents', () => {
    expect(parseReais('349,90')).toBe(34990);
    expect(parseReais('349,9')).toBe(34990);
    expect(parseReais('349')).toBe(34900);
    expect(parseReais('1.234,56')).toBe(123456);
    expect(parseReais('1234,56')).toBe(123456);
    expect(parseReais('R$ 0,10')).toBe(10);
    expect(parseReais('349.90')).toBe(34990);
    expect(parseReais('1.234')).toBe(123400);
    // Where a float would drift: 0.29 * 100 = 28.999999999999996.
    expect(parseReais('0,29')).toBe(29);
    expect(parseReais('1,005')).toBeNull();
  });

  it('refuses what is not a price', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '12.34.5', '1e3', '3,4x']) expect(parseReais(text)).toBeNull();
  });
});

describe('formatReais', () => {
  it('writes cents as the field shows them', () => {
    expect(formatReais(34990)).toBe('349,90');
    expect(formatReais(5)).toBe('0,05');
    expect(formatReais(100000)).toBe('1000,00');
  });
});
