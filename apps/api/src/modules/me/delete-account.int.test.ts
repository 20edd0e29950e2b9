import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RankingRepository } from '#modules/rankings/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { chain, member, rows } from '#test/duels.ts';
import { PASSWORD, type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2001, 2002, 2003] });
});
afterAll(async () => t?.close());

/** Test-only SQL over ids the test made itself. */
const sqlOf = (text: string) => sql.raw(text);

const counted = async () => (await new RankingRepository(t.db).countedVotes(null)).reduce((sum, v) => sum + v.n, 0);

describe('a member deletes their own account (docs/security.md item 28)', () => {
  it('with the right password: the person is gone, their votes stay and still count, anonymous', async () => {
    const me = await member(t);
    expect((await chain(t, me, 3)).responses.every((r) => r.statusCode === 200)).toBe(true);
    const before = await counted();

    const wrong = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: me.headers,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toBe('A senha atual está incorreta.');

    const res = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: me.headers,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/Sua conta foi excluída/);

    expect(await rows(t, sqlOf(`select 1 from users where id = '${me.userId}'`))).toHaveLength(0);
    const mine = await rows<{ voter_key: string; user_id: string | null }>(
      t,
      sqlOf(`select voter_key, user_id from votes where voter_key like 'x:%'`),
    );
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((v) => v.voter_key)).size).toBe(1);
    expect(mine.every((v) => v.user_id === null)).toBe(true);
    expect(await rows(t, sqlOf(`select 1 from votes where voter_key = '${me.key}'`))).toHaveLength(0);
    expect(await counted()).toBe(before);
    // The still-unexpired access token is dead at once.
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: me.headers })).statusCode).toBe(401);
  });

  it('takes away where their votes came from: no address hash, network hash or user agent is left (ADR 0031)', async () => {
    const me = await member(t);
    expect((await chain(t, me, 2)).responses.every((r) => r.statusCode === 200)).toBe(true);
    type Trace = { ip_hash: string | null; network_key: string | null; user_agent: string | null };
    const traces = (where: string) =>
      rows<Trace>(t, sqlOf(`select ip_hash, network_key, user_agent from votes where ${where}`));
    const before = await traces(`voter_key = '${me.key}'`);
    expect(before).toHaveLength(2);
    expect(before.every((v) => v.ip_hash && v.network_key && v.user_agent)).toBe(true);
    const ipHashes = before.map((v) => `'${v.ip_hash}'`).join(',');

    const res = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: me.headers,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await traces(`ip_hash in (${ipHashes})`)).toHaveLength(0);
    expect(
      await rows(t, sqlOf(`select 1 from votes where user_agent is not null and voter_key like 'x:%'`)),
    ).toHaveLength(0);
  });

  it('a moderator whose writes are in the audit trail can go; the trail keeps them as written', async () => {
    const mod = await t.userWithRoles(['Moderator']);
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: bearer(mod.accessToken),
      payload: { name: 'Clube Auditado', country: 'Brasil', city: 'Recife', baseColor: '#112233', category: 'club' },
    });
    expect(created.statusCode, created.body).toBe(201);
    type AuditRow = { actor_id: string | null; actor_name: string };
    const trail = () =>
      rows<AuditRow>(t, sqlOf(`select actor_id, actor_name from audit_log where actor_id = '${mod.id}'`));
    const written = await trail();
    expect(written.length).toBeGreaterThan(0);

    const res = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(mod.accessToken),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(t, sqlOf(`select 1 from users where id = '${mod.id}'`))).toHaveLength(0);
    expect(await trail()).toEqual(written);
  });

  it('without a password (social sign-in only): only right after signing in', async () => {
    const user = await t.userWithRoles([]);
    await t.setUser(user.id, { passwordHash: null });
    const stale = new Date(Date.now() - 11 * 60_000);
    await rows(t, sqlOf(`update sessions set created_at = '${stale.toISOString()}' where user_id = '${user.id}'`));
    const refused = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(user.accessToken),
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('RECENT_SIGN_IN_REQUIRED');

    const fresh = await t.sessions.startSession(user.id, false);
    const ok = await t.inject({ method: 'DELETE', url: '/api/me', headers: bearer(fresh.accessToken), payload: {} });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is for signed-in members only', async () => {
    expect((await t.inject({ method: 'DELETE', url: '/api/me', payload: {} })).statusCode).toBe(401);
  });
});
