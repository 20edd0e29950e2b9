/**
 * Answers Fastify gives before any route, hook or the error handler runs still carry the localised
 * error envelope and the security headers (docs/security.md items 12, 13 and 22). Found by the fuzz
 * suite (fuzz.int.test.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
/** An advisory lock key of this file's own. */
const LOCK = 7_203_503;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('answers the router gives by itself', () => {
  it.each([
    ['a malformed percent escape in a path parameter', '/api/catalogue/teams/%E0%A4%A/jerseys', 400],
    ['an encoded lone surrogate in a path parameter', '/api/auth/social/%ED%A0%80/callback', 400],
    ['a path parameter over 100 characters', `/api/rankings/jerseys/${'a'.repeat(101)}`, 414],
  ])('%s: the envelope in the caller’s language, with the security headers', async (_what, url, status) => {
    for (const [language, message] of [
      ['pt', 'Verifique os campos destacados.'],
      ['en', 'Please check the highlighted fields.'],
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: { 'accept-language': language! } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ statusCode: status, code: 'VALIDATION_FAILED', message });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe('a saturated database', () => {
  it('answers 503 with Retry-After, localised, when no connection frees up in time (PostgreSQL)', async (ctx) => {
    if (!t.config.databaseUrl) return ctx.skip();
    // Every connection of the pool (20) waits on a lock held by a connection of the test's own until
    // the test lets go, so the request waits its whole time for one (5 s) whatever the machine's speed.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [LOCK]);
      const busy = Array.from({ length: 20 }, () =>
        t.db.execute(sql`select pg_advisory_xact_lock(${LOCK})`).then(() => undefined),
      );
      await expect
        .poll(
          async () => {
            const { rows } = await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where wait_event = 'advisory' and datname = current_database()`,
            );
            return rows[0]!.n;
          },
          { timeout: 60_000 },
        )
        .toBe(20);
      const forgot = (language: string) =>
        t.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          headers: { 'accept-language': language },
          payload: { email: 'someone@example.com' },
        });
      const res = await forgot('en');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service unavailable right now. Try again shortly.',
      });
      await holder.query('select pg_advisory_unlock($1)', [LOCK]);
      await Promise.all(busy);
      expect((await forgot('pt')).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  });
});
