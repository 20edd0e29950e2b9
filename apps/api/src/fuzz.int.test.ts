/**
 * Fuzz suite (docs/security.md item 15): every operation of the app's own OpenAPI document gets
 * generated requests — well-formed ones from its schema, then mutated with hostile values — as a
 * visitor, a member, a Moderator and an Admin. No answer may be a 5xx, every 4xx is the error
 * envelope in the caller's language, nothing reaches Object.prototype, and the app still answers at
 * the end. Fixed seed and bounded runs here; `npm run fuzz` runs more with a random seed.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers, users as userRows } from '#db/schema/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { answerProblems } from '#test/fuzz/envelope.ts';
import { type OpenApiDocument, type Operation, operations } from '#test/fuzz/openapi.ts';
import { messages, languageFromHeader } from '@manto/contracts';
import {
  type Caller,
  type FuzzRequest,
  openObjects,
  prepare,
  requestFor,
  unknownFieldRequest,
  withUnknownField,
} from '#test/fuzz/requests.ts';
import { fuzzSettings, seedFor } from '#test/fuzz/settings.ts';
import { type Samples, makeSamples, uploadPayload, uploadRequest } from '#test/fuzz/uploads.ts';
import type { Pools } from '#test/fuzz/values.ts';
import { PASSWORD, type TestApp, bearer, createTestApp } from '#test/helpers.ts';

const settings = fuzzSettings();
const UPLOAD = 'POST /api/manage/images';
/** Per operation: most requests take a few milliseconds; the ones that hash a password about 100. */
const TIMEOUT = Math.max(120_000, settings.runs * 1_000);

let pools: Pools;
let samples: Samples;
const users: Partial<Record<Caller, string>> = {};

// The operations come from the document the app serves, read before the tests are listed. The shop is
// on, so its public routes answer more than 404.
const t: TestApp = await createTestApp({ SHOP_ENABLED: 'true' });
const ops = operations((await t.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>());
// Deletions run last, so the catalogue the other operations see stays in place for most of the run.
const ordered = [...ops.filter((op) => op.method !== 'DELETE'), ...ops.filter((op) => op.method === 'DELETE')];
const writes = ops.filter((op) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method));
/**
 * The one write whose body may carry fields it does not name: an identity provider's form POST (Apple
 * adds `user` and `id_token`), which Manto does not write (ADR 0032). Its schema says so (a loose object).
 */
const OPEN_BODIES = ['POST /api/auth/social/{provider}/callback'];

beforeAll(async () => {
  const catalogue = await seedCatalogue(t.db, { teams: 3, models: ['Home', 'Away'], seasons: [2019, 2020] });
  const supplierRows = await t.db.select({ id: suppliers.id, slug: suppliers.slug }).from(suppliers);
  for (const caller of ['member', 'moderator', 'admin'] as const) {
    const roles = caller === 'admin' ? (['Admin'] as const) : caller === 'moderator' ? (['Moderator'] as const) : [];
    users[caller] = (await t.userWithRoles([...roles])).id;
  }
  samples = await makeSamples();
  const upload = await t.inject({
    method: 'POST',
    url: '/api/manage/images',
    headers: { ...(await tokenHeader('moderator')), 'content-type': 'image/png' },
    payload: samples.png,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  // A few real duel tokens for one visitor, old enough to be answered (past the minimum decision time).
  const voter = randomUUID();
  const duelTokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const duel = await t.inject({ method: 'GET', url: '/api/duels/next', headers: { 'x-voter-id': voter } });
    const token = duel.json<{ duel: { token: string } | null }>().duel?.token;
    if (token) duelTokens.push(token);
  }
  t.clock.advance(2_000);

  const teamSlugs = catalogue.teams.map((x) => x.slug);
  const teamIds = catalogue.teams.map((x) => x.id);
  const modelIds = catalogue.models.map((x) => x.id);
  const jerseyIds = catalogue.jerseys.map((x) => x.id);
  const supplierIds = supplierRows.map((x) => x.id);
  const imageId = upload.json<{ id: string }>().id;
  const emails = (await t.db.select({ email: userRows.email }).from(userRows)).map((x) => x.email);
  const product = await t.inject({
    method: 'POST',
    url: '/api/manage/products',
    headers: await tokenHeader('moderator'),
    payload: {
      category: 'jerseys',
      namePt: 'Camisa do fuzz',
      nameEn: 'Fuzz shirt',
      descriptionPt: 'Uma camisa para o fuzz.',
      descriptionEn: 'A shirt for the fuzz.',
      team: 'Fuzz FC',
      season: '2020',
      jerseyId: jerseyIds[0],
      imageIds: [imageId],
      colours: ['Azul'],
      sizes: ['M'],
      priceCents: 19990,
      stock: { M: 3 },
      offers: [{ storeName: 'Loja', url: 'https://loja.example/camisa', priceCents: 18990 }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  const { id: productId, slug: productSlug } = product.json<{ id: string; slug: string }>();
  pools = {
    uuids: [...teamIds, ...modelIds, ...jerseyIds, ...supplierIds, imageId, productId, ...Object.values(users)],
    byName: {
      'teams/id': teamIds,
      'models/id': modelIds,
      'suppliers/id': supplierIds,
      'jerseys/id': jerseyIds,
      'images/id': [imageId],
      'products/id': [productId],
      'products/slug': [productSlug],
      jerseyId: jerseyIds,
      imageIds: [imageId],
      teamId: teamIds,
      modelId: modelIds,
      supplierId: supplierIds,
      imageId: [imageId],
      crestImageId: [imageId],
      logoImageId: [imageId],
      userId: Object.values(users),
      email: [...emails, 'nobody@example.com'],
      teamSlug: teamSlugs,
      team: teamSlugs,
      favouriteTeam: ['gremio', ...teamSlugs],
      jerseySlug: catalogue.jerseys.map((x) => x.slug),
      model: catalogue.models.map((x) => x.slug),
      supplier: supplierRows.map((x) => x.slug),
      file: ['original', '320.webp', '1200.webp'],
      'x-voter-id': [voter, randomUUID()],
      token: duelTokens,
      password: [PASSWORD],
      confirmPassword: [PASSWORD],
      currentPassword: [PASSWORD],
      redirectTo: ['/app/', '//evil.example/', 'https://evil.example/'],
    },
  };
});
afterAll(async () => t.close());

/** A fresh session per request: some operations end the session they are called with (logout). */
async function tokenHeader(caller: Caller): Promise<Record<string, string>> {
  const id = users[caller];
  return id ? bearer((await t.sessions.startSession(id, false)).accessToken) : {};
}
async function tokenOf(caller: Caller): Promise<string | null> {
  const id = users[caller];
  return id ? (await t.sessions.startSession(id, false)).accessToken : null;
}

/** What must hold after any request, whatever it carried. */
function invariantProblems(): string[] {
  const leaked = Object.keys(Object.prototype);
  return leaked.length || ({} as Record<string, unknown>).polluted !== undefined
    ? [`Object.prototype was polluted: ${leaked.join(', ')}`]
    : [];
}

/** The seeded callers and their roles. */
const CALLER_ROLES = { member: [], moderator: ['Moderator'], admin: ['Admin'] } as const;

/**
 * The Admin's fuzzed user management may deactivate or re-role a seeded caller (a real user id from
 * the pools): each caller is put back afterwards, so later requests still run as who they say.
 */
async function restoreCallers() {
  for (const [caller, roles] of Object.entries(CALLER_ROLES)) {
    const id = users[caller as Caller];
    if (id) await t.setUser(id, { active: true, roles: [...roles] });
  }
}

/**
 * Deleting one's own account really deletes it (the pools hold the real password): that operation runs
 * as a throwaway user with the caller's roles, never as a seeded caller.
 */
async function tokenFor(op: Operation, caller: Caller): Promise<string | null> {
  if (op.method !== 'DELETE' || op.path !== '/api/me' || caller === 'visitor') return tokenOf(caller);
  return (await t.userWithRoles([...CALLER_ROLES[caller]])).accessToken;
}

/**
 * For a write that must be refused: deleting one's own account runs as one throwaway user per caller,
 * made once (each request gets a fresh session of it); should the deletion go through, the check fails.
 */
const spares: Partial<Record<Caller, string>> = {};
async function refusedWriteToken(op: Operation, caller: Caller): Promise<string | null> {
  if (op.method !== 'DELETE' || op.path !== '/api/me' || caller === 'visitor') return tokenOf(caller);
  spares[caller] ??= (await t.userWithRoles([...CALLER_ROLES[caller]])).id;
  return (await t.sessions.startSession(spares[caller], false)).accessToken;
}

async function send(op: Operation, request: FuzzRequest) {
  const prepared = prepare(op, request, await tokenFor(op, request.caller));
  const res = await t.inject({
    method: prepared.method as 'GET',
    url: prepared.url,
    headers: prepared.headers,
    payload: prepared.payload,
    remoteAddress: request.ip,
  });
  const problems = [...answerProblems(res, prepared.acceptLanguage), ...invariantProblems()];
  if (op.path.startsWith('/api/manage/users/')) await restoreCallers();
  if (problems.length) {
    const shown = typeof prepared.payload === 'string' ? prepared.payload.slice(0, 500) : prepared.payload;
    throw new Error(
      `${prepared.method} ${prepared.url.slice(0, 500)} as ${request.caller}\n` +
        `headers ${JSON.stringify(prepared.headers).slice(0, 500)}\nbody ${String(shown)}\n→ ${problems.join('\n→ ')}`,
    );
  }
}

const fcOptions = (key: string) => ({
  seed: seedFor(settings.seed, key),
  numRuns: settings.runs,
});

describe(`fuzz, seed ${settings.seed}, ${settings.runs} runs per operation`, () => {
  it('finds operations in the document', () => {
    expect(ops.length).toBeGreaterThanOrEqual(50);
    expect(ops.map((op) => op.key)).toContain(UPLOAD);
  });

  it('its answer check fails a 5xx, a body that is not the envelope, and a message in the other language', () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const answer = (statusCode: number, body: object) => ({ statusCode, headers: json, body: JSON.stringify(body) });
    const envelope = { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' };
    expect(answerProblems(answer(404, envelope), 'en')).toEqual([]);
    expect(answerProblems(answer(404, envelope), 'pt')).toEqual([
      'message "Not found." is not the pt text of NOT_FOUND',
    ]);
    expect(answerProblems(answer(500, { ...envelope, statusCode: 500 }), 'en')[0]).toMatch(/^answered 500/);
    expect(
      answerProblems(
        answer(400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 }),
        'en',
      ),
    ).toHaveLength(1);
    const details = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields.' };
    expect(answerProblems(answer(400, { ...details, details: { name: 'Use at most 60 characters.' } }), 'en')).toEqual(
      [],
    );
    expect(
      answerProblems(answer(400, { ...details, details: { name: 'Use no máximo 60 caracteres.' } }), 'en'),
    ).toHaveLength(1);
  });

  describe('unknown body fields (security.md item 11)', () => {
    it('every write body closes its objects; only the listed ones say they take more', () => {
      expect(writes.length).toBeGreaterThanOrEqual(40);
      const open = writes.flatMap((op) => openObjects(op.body).map((path) => `${op.key} ${path || '(body)'}`));
      expect(open).toEqual(OPEN_BODIES.map((key) => `${key} (body)`));
    });

    for (const op of writes.filter((o) => !OPEN_BODIES.includes(o.key))) {
      it(`${op.key} answers 400 naming a field it does not know`, async () => {
        await fc.assert(
          fc.asyncProperty(unknownFieldRequest(op, pools), async (drawn) => {
            const { request, field } = withUnknownField(op, drawn);
            const prepared = prepare(op, request, await refusedWriteToken(op, request.caller));
            const res = await t.inject({
              method: prepared.method as 'POST',
              url: prepared.url,
              headers: prepared.headers,
              payload: prepared.payload,
              remoteAddress: request.ip,
            });
            if (op.path.startsWith('/api/manage/users/')) await restoreCallers();
            const expected = messages[languageFromHeader(prepared.acceptLanguage)].unknownField;
            const details =
              res.statusCode === 400 ? res.json<{ details?: Record<string, string> }>().details : undefined;
            if (details?.[field] !== expected || !Object.hasOwn(details, field))
              throw new Error(
                `${prepared.method} ${prepared.url} as ${request.caller} with the unknown field "${field}"\n` +
                  `body ${String(prepared.payload).slice(0, 500)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`,
              );
          }),
          { ...fcOptions(`unknown ${op.key}`), numRuns: Math.max(5, Math.ceil(settings.runs / 2)) },
        );
      });
    }
  });

  for (const op of ordered.filter((o) => o.key !== UPLOAD)) {
    it(
      op.key,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(op, pools), (request) => send(op, request)),
          fcOptions(op.key),
        );
      },
      TIMEOUT,
    );
  }

  it(
    `${UPLOAD} (uploads: real, truncated, corrupted, empty, huge, mistyped, multipart)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(uploadRequest(samples), async (request) => {
          const { headers, payload } = uploadPayload(request);
          const res = await t.inject({
            method: 'POST',
            url: '/api/manage/images',
            headers: { ...headers, ...(await tokenHeader(request.caller)) },
            payload,
            remoteAddress: request.ip,
          });
          const problems = [...answerProblems(res, request.acceptLanguage), ...invariantProblems()];
          if (problems.length)
            throw new Error(
              `upload ${JSON.stringify(headers)} ${payload.length} bytes as ${request.caller}: ${problems.join('; ')}`,
            );
        }),
        { ...fcOptions(UPLOAD), numRuns: settings.runs * 2 },
      );
    },
    TIMEOUT,
  );

  it('leaves the app answering', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/teams' })).statusCode).toBe(200);
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: await tokenHeader('member') });
    expect(me.statusCode, me.body).toBe(200);
    expect(invariantProblems()).toEqual([]);
  });
});
