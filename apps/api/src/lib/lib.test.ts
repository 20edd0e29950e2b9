import { describe, expect, it } from 'vitest';
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
