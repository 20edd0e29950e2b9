import { describe, expect, it } from 'vitest';
import { expectNoFormulaCells, readCsv, undefused } from '#test/csv.ts';
import { csvHeader, csvLine } from './downloads.ts';
import { ARGON2, hashPassword, isStrongEnough, setPasswordHashing, verifyPassword } from './passwords.ts';
import { slugify } from './slug.ts';
import { MemoryFailureThrottle } from './throttle.ts';

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

describe('password hashing', () => {
  // The one test that hashes with the production parameters: the integration suites run with
  // PASSWORD_HASHING=test (test/helpers.ts), which NODE_ENV=production refuses (config.test.ts).
  it('stores argon2id at m=19 MiB, t=2, p=1 and verifies only the right password', async () => {
    expect(ARGON2).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword('camisa-dez-1970');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'camisa-dez-1970')).toBe(true);
    expect(await verifyPassword(stored, 'camisa-dez-1971')).toBe(false);
    expect(await verifyPassword('not a hash', 'camisa-dez-1970')).toBe(false);
  });

  it('takes the cheap test cost only under NODE_ENV=test, and its hashes verify like any other', async () => {
    expect(() => setPasswordHashing('test', 'production')).toThrow(/NODE_ENV=test/);
    expect(() => setPasswordHashing('test', 'development')).toThrow(/NODE_ENV=test/);
    try {
      setPasswordHashing('test', 'test');
      const cheap = await hashPassword('camisa-dez-1970');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      expect(await verifyPassword(cheap, 'camisa-dez-1970')).toBe(true);
      setPasswordHashing('standard', 'test');
      expect(await hashPassword('camisa-dez-1970')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      setPasswordHashing('standard', 'test');
    }
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
  it('allows a few failures, then makes each attempt wait longer, capped, and forgets after the window', async () => {
    const t = new MemoryFailureThrottle({ maxDelaySeconds: 60, windowMs: 3_600_000 });
    const k = [{ key: 'k', free: 3 }];
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await t.attempt(k, `a${i}`, now)).toBe(0);
    expect(await t.attempt(k, 'x', now)).toBe(1);
    expect(await t.attempt(k, 'a3', now + 1_000)).toBe(0);
    expect(await t.attempt(k, 'x', now + 1_000)).toBe(2);
    for (let i = 0; i < 10; i++) await t.attempt(k, `b${i}`, now + 3_000 + i * 61_000);
    const last = now + 3_000 + 9 * 61_000;
    expect(await t.attempt(k, 'x', last)).toBe(60);
    expect(await t.attempt(k, 'x', last + 59_001)).toBe(1);
    expect(await t.attempt(k, 'y', last + 3_600_001)).toBe(0);
    await t.reset(['k']);
    expect(await t.attempt(k, 'z', last)).toBe(0);
  });

  it('counts an attempt under every key only when none says wait, and forgives a success', async () => {
    const t = new MemoryFailureThrottle();
    const now = 5_000_000;
    const narrow = { key: 'narrow', free: 1 };
    const wide = { key: 'wide', free: 3 };
    expect(await t.attempt([narrow, wide], 'a', now)).toBe(0);
    // narrow says wait: nothing is counted under wide either.
    expect(await t.attempt([narrow, wide], 'b', now)).toBe(1);
    expect(await t.attempt([wide], 'c', now)).toBe(0);
    expect(await t.attempt([wide], 'd', now)).toBe(0);
    expect(await t.attempt([wide], 'e', now)).toBe(1);
    await t.forgive(['narrow', 'wide'], 'a');
    expect(await t.attempt([narrow, wide], 'f', now)).toBe(0);
  });

  it('keeps a key still failing when a flood of other keys fills its memory', async () => {
    const t = new MemoryFailureThrottle();
    const now = 7_000_000;
    const victim = [{ key: 'account', free: 2 }];
    await t.attempt(victim, 'v1', now);
    for (let i = 0; i < 60_000; i++) await t.attempt([{ key: `ip${i}`, free: 50 }], `f${i}`, now);
    await t.attempt(victim, 'v2', now);
    for (let i = 60_000; i < 120_000; i++) await t.attempt([{ key: `ip${i}`, free: 50 }], `f${i}`, now);
    expect(await t.attempt(victim, 'v3', now)).toBe(1);
  });
});

describe('CSV export lines', () => {
  it('quote every text field, double its quotes, and defuse text a spreadsheet would run as a formula', () => {
    expect(csvLine(['Grêmio', 'a,b', 'say "hi"', null, 1997])).toBe('"Grêmio","a,b","say ""hi""",,1997\r\n');
    expect(csvLine(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")","'+1","'-2+3","'@SUM(A1)","'\tx","'\rx"\r\n`,
    );
    // Numbers, booleans and dates are data, not text: a negative score stays a number.
    expect(csvLine([-3.5, true, new Date('2026-01-02T03:04:05Z')])).toBe('-3.5,true,2026-01-02T03:04:05.000Z\r\n');
    expect(csvHeader(['rank', 'jersey_id'])).toBe('rank,jersey_id\r\n');
    expect(() => csvHeader(['=1'])).toThrow();
  });

  it('start no cell with a formula from text whatever separator a spreadsheet splits on (issue 27)', () => {
    // A moderator-set name with the Brazilian separator in it: before, `1,Sup;=2+5;x` read with `;` gave `=2+5`.
    const names = [
      'Sup;=2+5;x',
      'a\t=1+1\tb',
      'x,-2+3',
      'y;"=cmd|\' /C calc\'!A0"',
      '"@SUM(A1)"',
      'z;;+1',
      '\t\t=x',
      'line\n=1',
      'cr\r=1',
      'Atlético-MG ; São Paulo, 1-0',
      '=direct',
    ];
    const text = names.map((name, i) => csvLine([i + 1, name, -3.5 * i, name, true, null])).join('');
    expectNoFormulaCells(text);
    // Read with the separator the file uses, every name comes back as it was, but for the defusing apostrophe.
    const rows = readCsv(text, ',');
    expect(rows.map((r) => [r[0], undefused(r[1]!), r[2], undefused(r[3]!), r[4], r[5]])).toEqual(
      names.map((name, i) => [String(i + 1), name, String(-3.5 * i), name, 'true', '']),
    );
  });
});
