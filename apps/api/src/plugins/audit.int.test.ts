import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@manto/contracts';
import { queryRows } from '#db/client.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { createTournament, tournamentBody } from '#test/tournaments.ts';
import audit, { changedFields } from './audit.ts';

let t: TestApp;
let mod: { id: string; headers: Record<string, string> };
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const m = await t.userWithRoles(['Moderator']);
  mod = { id: m.id, headers: bearer(m.accessToken) };
  admin = bearer((await t.userWithRoles(['Admin'])).accessToken);
});
afterAll(async () => t?.close());

async function trail(query: string): Promise<AuditEntry[]> {
  const res = await t.inject({ method: 'GET', url: `/api/manage/audit?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const team = (name: string) => ({ name, country: 'Brasil', city: 'Recife', baseColor: '#112233', category: 'club' });

describe('the audit trail', () => {
  it('records who created, changed and deleted a record, and which fields', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: mod.headers,
      payload: team('Náutico Teste'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
    await t.inject({
      method: 'PUT',
      url: `/api/manage/teams/${id}`,
      headers: mod.headers,
      payload: team('Náutico Capibaribe'),
    });
    await t.inject({ method: 'DELETE', url: `/api/manage/teams/${id}`, headers: mod.headers });

    const rows = await trail(`resource=teams&target=${id}`);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(rows.every((r) => r.actorId === mod.id && r.actorName.length > 0)).toBe(true);
    const [deleted, updated, made] = rows as [AuditEntry, AuditEntry, AuditEntry];
    expect(made.changes.name).toEqual({ before: null, after: 'Náutico Teste' });
    expect(updated.changes).toEqual({
      name: { before: 'Náutico Teste', after: 'Náutico Capibaribe' },
      slug: { before: 'nautico-teste', after: 'nautico-capibaribe' },
    });
    expect(deleted.changes.name).toEqual({ before: 'Náutico Capibaribe', after: null });
    expect(updated.route).toBe('PUT /api/manage/teams/:id');
  });

  it('records a jersey switched off and a round closed early, and nothing for a refused write', async () => {
    const { jerseys } = await seedCatalogue(t.db, {
      teams: 1,
      models: ['Home'],
      seasons: [2001, 2002, 2003, 2004, 2005],
    });
    const [off, ...cupIds] = jerseys.map((j) => j.id) as [string, ...string[]];
    await t.inject({
      method: 'PATCH',
      url: `/api/manage/jerseys/${off}/active`,
      headers: mod.headers,
      payload: { active: false },
    });
    expect((await trail(`resource=jerseys&target=${off}`))[0]!.changes.active).toEqual({ before: true, after: false });

    const cup = await createTournament(t, mod.headers, tournamentBody(t, cupIds));
    await t.runTournaments();
    const closed = await t.inject({
      method: 'POST',
      url: `/api/manage/tournaments/${cup.id}/close-round`,
      headers: mod.headers,
      payload: { round: 1 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [close, create] = await trail(`resource=tournaments&target=${cup.id}`);
    expect(close).toMatchObject({ action: 'close-round', changes: { currentRound: { before: 1, after: 2 } } });
    expect(create?.action).toBe('create');

    const before = (await trail('resource=teams')).length;
    const refused = await t.inject({ method: 'POST', url: '/api/manage/teams', headers: mod.headers, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(await trail('resource=teams')).toHaveLength(before);
  });

  it('is for Admins to read, and no route changes it', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/manage/audit', headers: mod.headers });
    expect(res.statusCode).toBe(403);
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/manage/audit'))).toEqual([
      { method: 'GET', url: '/api/manage/audit', access: 'admin' },
    ]);
  });

  it('is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused (ADR 0031)', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: mod.headers,
      payload: team('Sport Inalterável'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const target = String(created.json().id);
    const rowsOf = () =>
      queryRows(t.db, sql`select action, actor_name, changes from audit_log where target_id = ${target}`);
    const written = await rowsOf();
    expect(written).toHaveLength(1);

    // Straight SQL, as a bug, a script or an intruder with the app's credentials would send it.
    const refusal = async (statement: SQL) => {
      const error: unknown = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      return String((error as { cause?: { message?: string } } | null)?.cause?.message);
    };
    expect(await refusal(sql`update audit_log set actor_name = 'outro' where target_id = ${target}`)).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where target_id = ${target}`)).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    expect(await refusal(sql`truncate audit_log`)).toMatch(/audit_log is append-only: TRUNCATE refused/);
    expect(await rowsOf()).toEqual(written);
    // Writing goes on as before.
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/manage/teams/${target}`,
      headers: mod.headers,
      payload: team('Sport Inalterável Novo'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rowsOf()).toHaveLength(2);
  });
});

describe('the audit rule', () => {
  it('is required on every management write: the route is refused at registration', async () => {
    const app = Fastify();
    await app.register(audit, { db: t.db });
    await app.ready();
    expect(() => app.post('/api/manage/things', async () => ({}))).toThrow('declares no audit rule');
    await app.close();
  });

  it('compares the API views field by field, leaving bookkeeping out', () => {
    expect(changedFields({ a: 1, b: [1], updatedAt: 'x' }, { a: 1, b: [2], c: true, updatedAt: 'y' })).toEqual({
      b: { before: [1], after: [2] },
      c: { before: null, after: true },
    });
  });
});
