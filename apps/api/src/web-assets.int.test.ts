import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_PAGE_SCRIPT_SOURCES } from '#lib/server-page.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

// The SPA as the build leaves it: hashed assets with their precompressed copies (apps/web/build/precompress.ts).
const script = `export const teams = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Time ${i}`))};\n`;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'manto-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const page = '<!doctype html><head><title>Manto</title></head><div id="boot-shell"></div>\n<div id="root"></div>';
  writeFileSync(path.join(dist, 'index.html'), page);
  // One first screen with its route's code, styles and texts (apps/web/build/first-screens.ts).
  const screens = [
    {
      path: '/app/camisas/time/:team/:jersey',
      scripts: ['assets/early-Ef56.js'],
      modules: ['assets/jersey-route-Ab12.js'],
      styles: ['assets/jersey-route-Cd34.css'],
      translations: { pt: ['locales/pt/catalogue.json'], en: ['locales/en/common.json', 'locales/en/catalogue.json'] },
    },
    {
      path: '/app/torneios',
      modules: ['assets/tournaments-route-Gh78.js'],
      styles: [],
      translations: { pt: ['locales/pt/tournaments.json'], en: ['locales/en/tournaments.json'] },
    },
  ];
  writeFileSync(path.join(dist, 'first-screens.json'), JSON.stringify({ screens }));
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

  it('sends the page a strict CSP and the document headers (ADR 0006, 0025)', async () => {
    const page = await t.inject({ method: 'GET', url: '/app/' });
    const csp = page.headers['content-security-policy'] as string;
    // One inline script is allowed, by its hash: a drawn page's colour scheme (lib/server-page.ts).
    expect(csp).toContain(`script-src 'self' ${DRAWN_PAGE_SCRIPT_SOURCES};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"])
      expect(csp).toContain(d);
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await asset('br')).headers['content-security-policy']).toBe(csp);
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

  it("preloads a first screen's code, styles and texts in the visitor's language, gzipped when taken", async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/app/camisas/time/flamengo/2024-home?x=1',
      headers: { 'accept-language': 'en-GB,en;q=0.9,pt;q=0.5', 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = gunzipSync(res.rawPayload).toString();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/app/assets/jersey-route-Ab12.js">',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/app/assets/jersey-route-Cd34.css">',
    );
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/app/locales/en/catalogue.json">');
    expect(html).not.toContain('locales/pt/');
    expect(html).toContain('<script async fetchpriority="high" src="/app/assets/early-Ef56.js"></script>');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));

    const pt = await t.inject({ method: 'GET', url: '/app/camisas/time/flamengo/2024-home' });
    expect(pt.headers['content-encoding']).toBeUndefined();
    expect(pt.body).toContain('href="/app/locales/pt/catalogue.json"');
    expect(pt.body).not.toContain('locales/en/');

    // Other addresses get the page as built.
    const other = await t.inject({ method: 'GET', url: '/app/camisas/time/flamengo' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('modulepreload');
  });
});
