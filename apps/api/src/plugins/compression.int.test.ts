/**
 * The API's larger answers go out compressed as the client accepts (brotli first, then gzip), decode to
 * the very JSON an uncompressed answer carries, and say so in `vary`; small answers and the routes marked
 * `compress: false` go out as they are. Runs on PGlite and PostgreSQL.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { COMPRESS_MIN_BYTES, acceptedEncoding } from './compression.ts';

let t: TestApp;
let plain: string;
beforeAll(async () => {
  t = await createTestApp();
  // The API's own document: public and far larger than the threshold.
  const res = await t.inject({ method: 'GET', url: '/api/docs' });
  plain = res.body;
});
afterAll(async () => t?.close());

describe('compressed answers', () => {
  it('sends a large answer as is to a client that accepts no encoding, saying it varies', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(plain.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 10);
    expect(JSON.parse(plain)).toHaveProperty('openapi');
  });

  it('prefers brotli, and the answer decodes to the same JSON, several times over', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/docs',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.length / 4);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain);
    }
  });

  it('sends gzip to a client that refuses brotli', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain);
  });

  it('leaves small answers and the hot routes alone', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const health = await t.inject({ method: 'GET', url: '/api/health', headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const missing = await t.inject({ method: 'GET', url: '/api/rankings/jerseys/not-a-uuid', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br; q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['deflate', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
