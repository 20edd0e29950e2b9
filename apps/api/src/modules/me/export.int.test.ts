import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDataExport } from '@manto/contracts';
import { seedCatalogue } from '#test/catalogue.ts';
import { chain, member } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a member downloads their data (docs/security.md item 27)', () => {
  it('gets their profile, feedbacks and votes as a JSON file, and nobody else’s', async () => {
    await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2001, 2002, 2003] });
    const [me, other] = [await member(t), await member(t)];
    for (const c of [me, other]) {
      expect((await chain(t, c, 3)).responses.every((r) => r.statusCode === 200)).toBe(true);
      const sent = await t.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: c.headers,
        remoteAddress: c.ip,
        payload: { type: 'suggestion', title: `Ideia de ${c.key}`, message: 'Mais camisas de goleiro, por favor.' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }

    const res = await t.inject({ method: 'GET', url: '/api/me/export', headers: me.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="manto-meus-dados.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data: MyDataExport = res.json();
    expect(data.profile.id).toBe(me.userId);
    expect(data.feedbacks.map((f) => f.title)).toEqual([`Ideia de ${me.key}`]);
    expect(data.votes).toHaveLength(3);
    expect(data.votes[0]).toMatchObject({ scope: 'global', outcome: 'left', counted: true });
    expect(data.votes[0]!.left.team).toMatch(/^Time \d /);
    expect(JSON.stringify(data)).not.toContain(other.userId!);
  });

  it('is for signed-in members only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });
});
