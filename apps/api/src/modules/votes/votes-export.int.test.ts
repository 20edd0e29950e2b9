/** The open-data votes export is public but rate-limited per IP: it streams the whole votes table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/votes/export', () => {
  it('takes 6 exports a minute from one IP, refuses the 7th with 429 and Retry-After, and serves other IPs', async () => {
    const exportFrom = (ip: string, lang = 'pt') =>
      t.inject({
        method: 'GET',
        url: '/api/votes/export?format=csv',
        remoteAddress: ip,
        headers: { 'accept-language': lang },
      });
    for (let i = 0; i < 6; i++) expect((await exportFrom('10.7.0.1')).statusCode).toBe(200);
    const refused = await exportFrom('10.7.0.1', 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/try again/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exportFrom('10.7.0.2')).statusCode).toBe(200);
  });
});
