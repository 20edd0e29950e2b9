import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';

// The SPA as the build leaves it: hashed assets with their precompressed copies (apps/web/vite.config.ts).
const script = `export const teams = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Time ${i}`))};\n`;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'manto-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const page = '<!doctype html><title>Manto</title><div id="root"></div>';
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  const asset = path.join(dist, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const asset = (acceptEncoding?: string) =>
  t.inject({
    method: 'GET',
    url: '/app/assets/index-Ab12Cd34.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the web build as served', () => {
  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, the file to others', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches fingerprinted assets for a year and has the page revalidated', async () => {
    expect((await asset('br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.inject({ method: 'GET', url: '/app/rankings' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it('serves the page only as the SPA: /app/index.html and its compressed copies lead to /app/', async () => {
    for (const url of ['/app/index.html', '/app/index.html.br']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/app/');
    }
  });
});
