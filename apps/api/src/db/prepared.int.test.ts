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

  it('runs its one text with each call’s own values', async () => {
    const sum = prepared<{ n: number }, [a: number, b: number]>(
      'test_prepared_sum',
      (a, b) => sql`select (${a}::int + ${b}::int) as n`,
    );
    expect(await sum(t.db, 1, 2)).toEqual([{ n: 3 }]);
    expect(await sum(t.db, 40, 2)).toEqual([{ n: 42 }]);
  });

  it('refuses a text with a parameter that is not an argument, which the next call would silently reuse', async () => {
    const fixed = prepared<{ n: number }, [a: number]>(
      'test_prepared_fixed',
      (a) => sql`select ${a}::int + ${7}::int as n`,
    );
    await expect(fixed(t.db, 1)).rejects.toThrow(/parameters must be exactly its arguments/);
  });
});
