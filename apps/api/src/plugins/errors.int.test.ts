/**
 * Answers Fastify gives before any route, hook or the error handler runs still carry the localised
 * error envelope and the security headers (docs/security.md items 12, 13 and 22). Found by the fuzz
 * suite (fuzz.int.test.ts).
 */
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
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});
