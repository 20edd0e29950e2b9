import Fastify from 'fastify';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, hasAccess } from '@manto/contracts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { SessionService } from '#modules/auth/sessions.ts';
import access from './access.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Caller = 'visitor' | 'member' | 'moderator' | 'admin';
const ROLES: Record<Exclude<Caller, 'visitor'>, ('Admin' | 'Moderator')[]> = {
  member: [],
  moderator: ['Moderator'],
  admin: ['Admin'],
};

/** What the rule allows a caller: through to the handler, 401 or 403. */
function expected(rule: Access, caller: Caller): 'through' | 401 | 403 {
  if (rule === 'public') return 'through';
  if (caller === 'visitor') return 401;
  return hasAccess(rule, ROLES[caller]) ? 'through' : 403;
}

describe('access matrix, derived from the server’s own route table', () => {
  it('every /api route declares an access rule and the table is complete', () => {
    expect(t.app.routeTable.length).toBeGreaterThanOrEqual(18);
    expect(t.app.routeTable).toContainEqual({ method: 'GET', url: '/api/me', access: 'signedIn' });
    expect(t.app.routeTable).toContainEqual({ method: 'POST', url: '/api/auth/login', access: 'public' });
  });

  it('each cell {visitor, member, Moderator, Admin} × route × method answers as the rule says', async () => {
    const callers: Caller[] = ['visitor', 'member', 'moderator', 'admin'];
    const users = {
      member: await t.userWithRoles([]),
      moderator: await t.userWithRoles(['Moderator']),
      admin: await t.userWithRoles(['Admin']),
    };
    const cells: string[] = [];
    for (const route of t.app.routeTable) {
      for (const caller of callers) {
        // A fresh session per call: some routes (logout) end the session they are called with.
        const headers =
          caller === 'visitor' ? {} : bearer((await t.sessions.startSession(users[caller].id, false)).accessToken);
        const url = route.url.replace(':provider', 'google').replace('*', 'x');
        const res = await t.inject({
          method: route.method as 'GET',
          url,
          headers,
          remoteAddress: `10.50.${cells.length % 250}.1`,
        });
        const want = expected(route.access, caller);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        // A public route may still say 401 for bad credentials in its body (login, refresh) — that is its handler speaking.
        const ok =
          want === got ||
          (want === 'through' &&
            route.access === 'public' &&
            res.json?.().code !== 'UNAUTHORIZED' &&
            res.json?.().code !== 'FORBIDDEN');
        cells.push(`${route.method} ${route.url} ${caller}: want ${want}, got ${res.statusCode}${ok ? '' : ' ✗'}`);
        expect(res.statusCode, cells.at(-1)).toBeLessThan(500);
      }
    }
    expect(cells.filter((c) => c.endsWith('✗'))).toEqual([]);
  }, 120_000);

  it('a route without an access rule stops the app from starting', async () => {
    const app = Fastify();
    await app.register(access, { verify: async () => null });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe('access tokens (RFC 8725 negative cases)', () => {
  const me = (token: string) => t.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  let user: Awaited<ReturnType<TestApp['userWithRoles']>>;
  beforeAll(async () => {
    user = await t.userWithRoles([]);
  });

  async function claimsOf(token: string) {
    return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as Record<string, unknown>;
  }
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  async function sign(
    claims: Record<string, unknown>,
    secret = key(),
    header: Record<string, unknown> = { alg: 'HS256', typ: 'at+jwt' },
  ) {
    return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret);
  }

  it('accepts a valid token', async () => {
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it('rejects alg "none"', async () => {
    const claims = await claimsOf(user.accessToken);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }))}.${base64url.encode(JSON.stringify(claims))}.`;
    expect((await me(none)).statusCode).toBe(401);
  });

  it('rejects a token signed with another key, or another HMAC algorithm', async () => {
    const claims = await claimsOf(user.accessToken);
    expect((await me(await sign(claims, new TextEncoder().encode('x'.repeat(48))))).statusCode).toBe(401);
    expect(await me(await sign(claims, key(), { alg: 'HS512', typ: 'at+jwt' }))).toMatchObject({ statusCode: 401 });
  });

  it('rejects wrong audience, wrong issuer and missing type', async () => {
    const claims = await claimsOf(user.accessToken);
    expect((await me(await sign({ ...claims, aud: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await sign({ ...claims, iss: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await sign(claims, key(), { alg: 'HS256' }))).statusCode).toBe(401);
  });

  it('rejects a token expired by one second', async () => {
    const service = new SessionService(t.db, t.config.jwtSecret);
    const claims = await claimsOf(user.accessToken);
    const { token } = await service.signAccessToken(user.id, claims.sid as string, Date.now() - (15 * 60 + 1) * 1000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('rejects a refresh token used as an access token', async () => {
    expect((await me(user.refreshToken)).statusCode).toBe(401);
  });
});
