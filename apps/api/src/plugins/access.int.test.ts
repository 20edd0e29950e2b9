import swagger from '@fastify/swagger';
import fc from 'fast-check';
import Fastify from 'fastify';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, hasAccess } from '@manto/contracts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { type OpenApiDocument, type Operation, documentProblems, operations } from '#test/fuzz/openapi.ts';
import { validValue } from '#test/fuzz/values.ts';
import { SessionService } from '#modules/auth/sessions.ts';
import access, { SECURITY_SCHEMES, documentAccess } from './access.ts';

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

/** The app's own OpenAPI document and its operations: the matrix below is generated from them. */
async function documentOf(app: { inject: TestApp['inject'] }) {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
  return { doc, ops: operations(doc) };
}

/** A path with each parameter filled by a value its schema accepts (a random uuid, the first enum value…). */
function samplePath(op: Operation): string {
  let path = op.path;
  for (const p of op.params.filter((q) => q.in === 'path')) {
    const [value] = fc.sample(validValue(p.schema, { uuids: [], byName: {} }, p.name), { seed: 7, numRuns: 1 });
    path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
  }
  return path;
}

describe('access matrix, generated from the OpenAPI document', () => {
  it('the document lists every /api route the server has, each with the access rule it enforces', async () => {
    const { doc, ops } = await documentOf(t);
    expect(documentProblems(ops, t.app.routeTable)).toEqual([]);
    expect(ops.length).toBeGreaterThanOrEqual(50);
    expect(ops.find((op) => op.key === 'GET /api/me')?.access).toBe('signedIn');
    expect(ops.find((op) => op.key === 'POST /api/auth/login')?.access).toBe('public');
    // Operations that need a token say so in OpenAPI terms too.
    for (const op of ops.filter((o) => o.access !== 'public'))
      expect(doc.paths[op.path]![op.method.toLowerCase()], op.key).toMatchObject({ security: [{ bearer: [] }] });
  });

  it('fails a route left out of the document, or an operation without an access rule', async () => {
    const app = Fastify();
    await app.register(swagger, {
      openapi: { info: { title: 'probe', version: '1' }, components: { securitySchemes: SECURITY_SCHEMES } },
      transform: ({ schema, url, route }) => documentAccess(route, { schema, url }),
    });
    await app.register(access, { verify: async () => null });
    app.get('/api/docs', { config: { access: 'public' } }, async () => app.swagger());
    app.get('/api/listed', { config: { access: 'signedIn' } }, async () => ({}));
    app.get('/api/hidden', { config: { access: 'admin' }, schema: { hide: true } }, async () => ({}));
    await app.ready();
    const { ops } = await documentOf(app);
    const unruled = ops.map((op) => (op.key === 'GET /api/listed' ? { ...op, access: undefined } : op));
    expect(documentProblems(unruled, app.routeTable)).toEqual([
      'GET /api/listed: the document says access undefined, the route enforces signedIn',
      'GET /api/hidden is served but missing from the OpenAPI document',
      'GET /api/listed declares no access rule in the document',
    ]);
    await app.close();
  });

  it('each cell {visitor, member, Moderator, Admin} × operation answers as its declared access says', async () => {
    const { ops } = await documentOf(t);
    const callers: Caller[] = ['visitor', 'member', 'moderator', 'admin'];
    const users = {
      member: await t.userWithRoles([]),
      moderator: await t.userWithRoles(['Moderator']),
      admin: await t.userWithRoles(['Admin']),
    };
    const cells: string[] = [];
    for (const op of ops) {
      const url = samplePath(op);
      for (const caller of callers) {
        // A fresh session per call: some routes (logout) end the session they are called with.
        const headers =
          caller === 'visitor' ? {} : bearer((await t.sessions.startSession(users[caller].id, false)).accessToken);
        const res = await t.inject({
          method: op.method as 'GET',
          url,
          headers,
          remoteAddress: `10.50.${cells.length % 250}.1`,
        });
        const want = expected(op.access!, caller);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        // A public route may still say 401 for bad credentials in its body (login, refresh) — that is its handler speaking.
        const ok =
          want === got ||
          (want === 'through' &&
            op.access === 'public' &&
            res.json?.().code !== 'UNAUTHORIZED' &&
            res.json?.().code !== 'FORBIDDEN');
        cells.push(`${op.key} ${caller}: want ${want}, got ${res.statusCode}${ok ? '' : ' ✗'}`);
        expect(res.statusCode, cells.at(-1)).toBeLessThan(500);
      }
    }
    expect(cells.length).toBe(ops.length * 4);
    expect(cells.filter((c) => c.endsWith('✗'))).toEqual([]);
  });

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
