import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { prepared } from './client.ts';

describe('prepared statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('runs its one text with each call’s own values, quotes and backslashes included', async () => {
    const echo = prepared<{ a: string; b: { s: string } }, [a: string, b: string]>(
      'test_prepared_echo',
      (a, b) => sql`select ${a}::text as a, ${b}::json as b`,
    );
    expect(await echo(t.db, 'one', '{"s":"x"}')).toEqual([{ a: 'one', b: { s: 'x' } }]);
    const tricky = `it's \\'); drop table votes; --`;
    expect(await echo(t.db, tricky, JSON.stringify({ s: tricky }))).toEqual([{ a: tricky, b: { s: tricky } }]);
  });

  it('refuses a text with a parameter that is not an argument, which the next call would silently reuse', async () => {
    const fixed = prepared<{ n: number }, [a: string]>(
      'test_prepared_fixed',
      (a) => sql`select ${a}::int + ${7}::int as n`,
    );
    await expect(fixed(t.db, '1')).rejects.toThrow(/parameters must be exactly its arguments/);
  });
});
