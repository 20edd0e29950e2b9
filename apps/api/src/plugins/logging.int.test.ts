/** What the log never carries, whatever a request or a log call hands it (docs/security.md §13). */
import { describe, expect, it } from 'vitest';
import { createLogger } from '#app.ts';
import { bearer, createTestApp } from '#test/helpers.ts';

describe('the log', () => {
  it('never carries passwords, tokens, cookies, Authorization or SQL parameters', async () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info', env: 'test' }, { write: (line: string) => void lines.push(line) });
    const app = await createTestApp({}, {}, { log });
    // The confirmation link (a token in the query) is followed inside registerConfirmed.
    const user = await app.registerConfirmed();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { cookie: 'session=cookie-secret-value' },
    });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    await app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.accessToken) });
    await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    // Whatever a log call is handed: a body with secrets, headers, an error with SQL parameters.
    app.app.log.info(
      {
        body: { password: user.password, token: 'body-token-value', refreshToken: session.refreshToken },
        headers: { authorization: `Bearer ${session.accessToken}`, cookie: 'c=cookie-secret-value' },
        password: user.password,
      },
      'handed secrets',
    );
    await app.closeDatabase();
    const failed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(failed.statusCode).toBe(500);
    await app.close();

    const logged = lines.join('\n');
    expect(logged).toContain('/api/auth/confirm-email?');
    expect(logged).toContain('token=[redacted]');
    expect(logged).toContain('handed secrets');
    const entries = lines.map((l) => JSON.parse(l));
    const failure = entries.find((l) => l.msg === 'request failed');
    expect(failure?.err).toBeDefined();
    // A request's lines carry its id (the one a 5xx answer shows), as one JSON field.
    expect(failure?.reqId).toBe(failed.json().requestId);
    expect(entries.filter((l) => l.reqId === failure?.reqId).map((l) => l.msg)).toContain('incoming request');
    for (const secret of [
      user.password,
      session.accessToken,
      session.refreshToken,
      'body-token-value',
      'cookie-secret-value',
      user.email,
      'params:',
    ])
      expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
  });
});
