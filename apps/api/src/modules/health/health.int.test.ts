import { createLogger } from '#app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { sha256 } from '#lib/crypto.ts';
import { API_HEADERS, DOCUMENT_HEADERS } from '#plugins/security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://partner.example' });
});
afterAll(async () => t?.close());

describe('health, headers and errors', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });

  it('sends the data policy on API answers: nothing may load, run or frame, no sniffing, HTTPS only', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends exactly the five API security headers, first and in their order, on answers, 404s and errors', async () => {
    const expected = Object.entries(API_HEADERS);
    expect(expected).toHaveLength(5);
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'POST', url: '/api/duels/votes', payload: {} },
      { method: 'GET', url: '/api/catalogue/teams/%E0%A4%A/jerseys' },
    ] as const) {
      const res = await t.inject(request);
      expect(Object.entries(res.headers).slice(0, expected.length), request.url).toEqual(expected);
    }
  });

  it('sends the document policy outside /api/, even on a 404 or a malformed address', async () => {
    const expected = Object.entries(DOCUMENT_HEADERS);
    expect(expected).toHaveLength(10);
    for (const url of ['/nothing-here', '/app/%zz', '/apixyz']) {
      const res = await t.inject({ method: 'GET', url });
      expect(Object.entries(res.headers).slice(0, expected.length), url).toEqual(expected);
    }
  });

  it('allows only the configured CORS origins, never reflecting others', async () => {
    const ok = await t.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const evil = await t.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/duels/votes',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });

  it('without CORS_ORIGINS sends no CORS header and answers a preflight as an unknown route', async () => {
    const plain = await createTestApp();
    try {
      const get = await plain.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://partner.example' },
      });
      expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      const preflight = await plain.inject({
        method: 'OPTIONS',
        url: '/api/duels/votes',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'POST',
          'accept-language': 'en',
        },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
      expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(preflight.headers['content-security-policy']).toBe(API_HEADERS['content-security-policy']);
    } finally {
      await plain.close();
    }
  });

  it('answers unknown routes with the localised envelope', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('publishes the OpenAPI document with the auth calls', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/refresh', '/api/me']));
  });

  it('turns readiness to 503 once shutdown begins, while liveness stays up', async () => {
    t.beginShutdown();
    const ready = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('server failures', () => {
  it('a 5xx carries only a request id, never a stack, SQL or token; readiness reports the outage', async () => {
    // The log has the request id and the failure, but never the statement's parameters (user input). The
    // app's own logger, as the server makes it: background jobs that fail on the closed database log too.
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info', env: 'test' }, { write: (line: string) => void lines.push(line) });
    const broken = await createTestApp({}, {}, { log });
    const user = await broken.registerConfirmed();
    await broken.closeDatabase();
    const res = await broken.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    const login = await broken.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const ready = await broken.inject({ method: 'GET', url: '/api/ready' });
    await broken.close();
    expect(login.statusCode).toBe(500);
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', 'statusCode']);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).toContain(body.requestId);
    expect(res.body).not.toMatch(/\.ts|select|refresh_tokens|stack|closed/i);
    expect(res.body).not.toContain(user.refreshToken);
    expect(ready.statusCode).toBe(503);
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure?.reqId).toBe(body.requestId);
    const logged = lines.join('\n');
    expect(logged).not.toContain('params:');
    expect(logged).not.toContain(sha256(user.refreshToken));
    expect(logged).not.toContain(user.refreshToken);
    expect(logged).not.toContain(user.email);
  });
});
