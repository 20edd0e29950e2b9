import { describe, expect, it } from 'vitest';
import { csvLine } from './downloads.ts';
import { isStrongEnough } from './passwords.ts';
import { slugify } from './slug.ts';
import { FailureThrottle } from './throttle.ts';

describe('password policy', () => {
  it('takes 8..128 code points, Unicode, no composition rules, and refuses common passwords', () => {
    expect(isStrongEnough('camisa-dez-1970')).toBe(true);
    expect(isStrongEnough('çãoçãoçã')).toBe(true);
    expect(isStrongEnough('short')).toBe(false);
    expect(isStrongEnough('a'.repeat(129))).toBe(false);
    expect(isStrongEnough('password123')).toBe(false);
    expect(isStrongEnough('Football')).toBe(false);
  });
});

describe('slugify', () => {
  it('folds accents and joins words', () => {
    expect(slugify('São Paulo')).toBe('sao-paulo');
    expect(slugify('  Grêmio  FBPA ')).toBe('gremio-fbpa');
    expect(slugify('Atlético-MG')).toBe('atletico-mg');
  });
});

describe('failure throttle', () => {
  it('allows a few failures, then makes each attempt wait longer, capped, and forgets after the window', () => {
    const t = new FailureThrottle(3, 60, 3_600_000);
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) t.fail('k', now);
    expect(t.waitSeconds('k', now)).toBe(1);
    t.fail('k', now);
    expect(t.waitSeconds('k', now)).toBe(2);
    for (let i = 0; i < 10; i++) t.fail('k', now);
    expect(t.waitSeconds('k', now)).toBe(60);
    expect(t.waitSeconds('k', now + 61_000)).toBe(0);
    expect(t.waitSeconds('k', now + 3_600_001)).toBe(0);
    t.fail('k', now);
    t.reset('k');
    expect(t.waitSeconds('k', now)).toBe(0);
  });
});

describe('CSV export lines', () => {
  it('quote what RFC 4180 asks and defuse text a spreadsheet would run as a formula', () => {
    expect(csvLine(['Grêmio', 'a,b', 'say "hi"', null, 1997])).toBe('Grêmio,"a,b","say ""hi""",,1997\r\n');
    expect(csvLine(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",'+1,'-2+3,'@SUM(A1),'\tx,"'\rx"\r\n`,
    );
    // Numbers and dates are data, not text: a negative score stays a number.
    expect(csvLine([-3.5, new Date('2026-01-02T03:04:05Z')])).toBe('-3.5,2026-01-02T03:04:05.000Z\r\n');
  });
});
