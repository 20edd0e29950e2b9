import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManageTerms, ManageTermsList, Profile, Terms } from '@manto/contracts';
import { auditLog, terms, users } from '#db/schema/index.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithRoles']>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRoles(['Admin']);
  asAdmin = bearer(admin.accessToken);
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Headers = asAdmin) =>
  t.inject({ method, url, headers, ...(payload && { payload }) });

const texts = (tag: string) => ({
  titlePt: `Termos de uso ${tag}`,
  titleEn: `Terms of use ${tag}`,
  bodyPt: `# Seus votos\n\nSeus votos continuam anônimos (${tag}).\n\n- Sem robôs\n- Uma conta por pessoa`,
  bodyEn: `# Your votes\n\nYour votes stay anonymous (${tag}).\n\n- No bots\n- One account per person`,
});

async function createDraft(tag: string): Promise<ManageTerms> {
  const res = await call('POST', '/api/manage/terms', texts(tag));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManageTerms>();
}

async function publish(version: number): Promise<ManageTerms> {
  const res = await call('POST', `/api/manage/terms/${version}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ManageTerms>();
}

/** The admin accepts what they published, so the next test's writes are theirs to make. */
async function adminAccepts(version: number) {
  const res = await call('POST', '/api/me/terms', { version });
  expect(res.statusCode, res.body).toBe(200);
}

const current = async (language = 'pt') =>
  (
    await t.inject({ method: 'GET', url: '/api/terms/current', headers: { 'accept-language': language } })
  ).json<Terms>();

describe('access', () => {
  it('answers 401 to visitors and 403 to members and Moderators on every management route', async () => {
    const member = await t.userWithRoles([]);
    const moderator = await t.userWithRoles(['Moderator']);
    const calls = (headers: Headers) => [
      call('GET', '/api/manage/terms', undefined, headers),
      call('GET', '/api/manage/terms/1', undefined, headers),
      call('POST', '/api/manage/terms', texts('x'), headers),
      call('PATCH', '/api/manage/terms/1', { titlePt: 'Novo título' }, headers),
      call('POST', '/api/manage/terms/1/publish', undefined, headers),
      call('DELETE', '/api/manage/terms/1', undefined, headers),
    ];
    for (const res of await Promise.all(calls({}))) expect(res.statusCode).toBe(401);
    for (const who of [member, moderator])
      for (const res of await Promise.all(calls(bearer(who.accessToken)))) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    expect(await t.count('terms')).toBe(1);
  });
});

describe('versions', () => {
  it('creates one draft at a time, edits it, refuses a second, and deletes it', async () => {
    const draft = await createDraft('rascunho');
    expect(draft).toMatchObject({ version: 2, status: 'draft', publishedAt: null, acceptedCount: 0 });
    expect(draft.bodyPt).toContain('Seus votos');

    const second = await call('POST', '/api/manage/terms', texts('outro'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'TERMS_DRAFT_EXISTS' });
    expect(second.json().message).toContain('versão 2');

    const unchanged = await call('PATCH', '/api/manage/terms/2', {});
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json<ManageTerms>().titleEn).toBe(draft.titleEn);
    const edited = await call('PATCH', '/api/manage/terms/2', { titleEn: 'Terms, second edition' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ManageTerms>()).toMatchObject({ titleEn: 'Terms, second edition', titlePt: draft.titlePt });

    // Drafts are not the terms anyone reads yet.
    expect((await current()).version).toBe(1);
    const list = (await call('GET', '/api/manage/terms')).json<ManageTermsList>();
    expect(list.items.map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'current'],
    ]);

    expect((await call('DELETE', '/api/manage/terms/2')).statusCode).toBe(204);
    expect((await call('GET', '/api/manage/terms/2')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/manage/terms/2')).statusCode).toBe(404);
  });

  it('validates every field on the server, in the caller’s language', async () => {
    const empty = await call('POST', '/api/manage/terms', { ...texts('v'), titlePt: '  ', bodyEn: 'short' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual({ titlePt: expect.any(String), bodyEn: expect.any(String) });
    const en = await call(
      'POST',
      '/api/manage/terms',
      { ...texts('v'), bodyEn: 'short' },
      { ...asAdmin, 'accept-language': 'en' },
    );
    expect(en.json().details.bodyEn).toMatch(/at least 20/);
    const extra = await call('POST', '/api/manage/terms', { ...texts('v'), publishedAt: new Date().toISOString() });
    expect(extra.statusCode).toBe(400);
    expect((await call('PATCH', '/api/manage/terms/abc', { titlePt: 'Título' })).statusCode).toBe(400);
    expect(await t.count('terms')).toBe(1);
  });

  it('publishes a draft as the current terms; a published version never changes, even in the database', async () => {
    const draft = await createDraft('publicada');
    const published = await publish(draft.version);
    expect(published).toMatchObject({ version: draft.version, status: 'current', publishedAt: expect.any(String) });
    await adminAccepts(draft.version);

    expect(await current('en')).toMatchObject({ version: draft.version, title: draft.titleEn, body: draft.bodyEn });
    expect(await current('pt')).toMatchObject({ title: draft.titlePt });
    const list = (await call('GET', '/api/manage/terms')).json<ManageTermsList>();
    expect(list.items.find((v) => v.version === 1)!.status).toBe('previous');

    for (const res of [
      await call('PATCH', `/api/manage/terms/${draft.version}`, { titlePt: 'Mudou' }),
      await call('PATCH', `/api/manage/terms/${draft.version}`, {}),
      await call('POST', `/api/manage/terms/${draft.version}/publish`),
      await call('DELETE', `/api/manage/terms/1`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('TERMS_PUBLISHED');
    }
    // The trigger holds even for code that forgets the rule.
    await expect(t.db.update(terms).set({ titlePt: 'Mudou' }).where(eq(terms.version, 1))).rejects.toThrow();
    await expect(t.db.delete(terms).where(eq(terms.version, 1))).rejects.toThrow();
    expect((await call('GET', '/api/manage/terms/1')).json<ManageTerms>().titlePt).not.toBe('Mudou');
  });

  it('writes an audit row for each write, with the version and what changed', async () => {
    const draft = await createDraft('auditada');
    await call('PATCH', `/api/manage/terms/${draft.version}`, { titlePt: 'Termos auditados' });
    await publish(draft.version);
    await adminAccepts(draft.version);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.resource} = 'terms' and ${auditLog.targetId} = ${String(draft.version)}`)
      .orderBy(auditLog.at);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'publish']);
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
    expect(rows[1]!.changes).toEqual({ titlePt: { before: draft.titlePt, after: 'Termos auditados' } });
    expect(rows[2]!.changes).toMatchObject({ status: { before: 'draft', after: 'current' } });
  });
});

describe('re-consent', () => {
  it('refuses a member’s writes after a new version until they accept it; reads, sign-out and accepting pass', async () => {
    const member = await t.registerConfirmed();
    const asMember = bearer(member.accessToken);
    const before = (await call('GET', '/api/me', undefined, asMember)).json<Profile>();
    expect(before.termsPending).toBe(false);

    const version = (await publish((await createDraft('nova')).version)).version;
    const me = (await call('GET', '/api/me', undefined, asMember)).json<Profile>();
    expect(me).toMatchObject({ termsVersion: before.termsVersion, termsPending: true });

    const profileEdit = await call('PATCH', '/api/me', { city: 'Pelotas' }, asMember);
    expect(profileEdit.statusCode).toBe(403);
    expect(profileEdit.json()).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      message: expect.stringContaining('termos'),
    });
    // A public write that knows the member (feedback) is held too; a visitor's is not.
    const feedback = { type: 'praise', title: 'Ótimo site', message: 'Gosto muito dos duelos de camisas.' };
    expect((await call('POST', '/api/feedback', feedback, asMember)).json().code).toBe('TERMS_NOT_ACCEPTED');
    expect((await call('POST', '/api/feedback', feedback, {})).statusCode).toBe(201);
    // The Admin who published is a member like any other.
    const adminWrite = await call('POST', '/api/manage/terms', texts('bloqueada'));
    expect(adminWrite.json().code).toBe('TERMS_NOT_ACCEPTED');

    // Reading goes on, and an older version cannot be accepted instead.
    expect((await call('GET', '/api/me/feedbacks', undefined, asMember)).statusCode).toBe(200);
    const stale = await call('POST', '/api/me/terms', { version: version - 1 }, asMember);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('TERMS_OUTDATED');

    const acceptedFrom = Date.now();
    const accepted = await call('POST', '/api/me/terms', { version }, asMember);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Profile>()).toMatchObject({ termsVersion: version, termsPending: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.userId));
    // Stamped by this acceptance (after it was sent), however long the request took.
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(acceptedFrom - 1_000);
    expect((await call('PATCH', '/api/me', { city: 'Pelotas' }, asMember)).statusCode).toBe(200);
    await adminAccepts(version);

    const list = (await call('GET', '/api/manage/terms')).json<ManageTermsList>();
    expect(list.items.find((v) => v.version === version)!.acceptedCount).toBeGreaterThanOrEqual(2);
  });

  it('lets a member who will not accept change the password, sign out, or delete the account', async () => {
    const member = await t.registerConfirmed();
    await adminAccepts((await publish((await createDraft('recusada')).version)).version);
    const asMember = bearer(member.accessToken);
    const deleted = await call('DELETE', '/api/me', { password: member.password }, asMember);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const other = await t.registerConfirmed();
    await adminAccepts((await publish((await createDraft('recusada 2')).version)).version);
    const asOther = bearer(other.accessToken);
    // Securing the account does not wait for consent either.
    const newPassword = 'outra-camisa-dez-1982';
    const changed = await call(
      'POST',
      '/api/me/password',
      { currentPassword: other.password, password: newPassword, confirmPassword: newPassword },
      asOther,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('POST', '/api/auth/logout', undefined, asOther)).statusCode).toBe(204);
  });

  it('records the current version and the time at registration', async () => {
    const member = await t.registerConfirmed();
    const [row] = await t.db.select().from(users).where(eq(users.id, member.userId));
    expect(row!.termsVersion).toBe((await current()).version);
    expect(row!.termsAcceptedAt).not.toBeNull();
    expect((await call('GET', '/api/me', undefined, bearer(member.accessToken))).json<Profile>().termsPending).toBe(
      false,
    );
  });
});
