/**
 * Answers Fastify gives before any route, hook or the error handler runs still carry the localised
 * error envelope and the security headers (docs/security.md items 12, 13 and 22). Found by the fuzz
 * suite (fuzz.int.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
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
    // Every connection of the pool (20) busy for longer than a request waits for one (5 s).
    // (A Drizzle query runs when awaited: `then` starts each one now.)
    const busy = Array.from({ length: 20 }, () => t.db.execute(sql`select pg_sleep(6)`).then(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
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
    await Promise.all(busy);
    expect((await forgot('pt')).statusCode).toBe(200);
  });
});
