import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionEntry,
  CollectionVisibility,
  JerseyRating,
  MyCollection,
  MyDataExport,
  ProductInput,
  PublicCollection,
} from '@manto/contracts';
import { sql } from 'drizzle-orm';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { type Client, chain, member, rows } from '#test/duels.ts';
import { PASSWORD, type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { crossingOf } from './price-crossing.ts';

let t: TestApp;
let jerseys: SeededJersey[];
let inactive: SeededJersey;
let mod: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ SHOP_ENABLED: 'true' }, {}, { scheduledRanking: false });
  const seeded = await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2001, 2002, 2003] });
  inactive = seeded.jerseys.at(-1)!;
  jerseys = seeded.jerseys.slice(0, -1);
  await rows(t, sql`update jerseys set active = false where id = ${inactive.id}`);
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
});
afterAll(async () => t?.close());

const put = (c: Client, kind: string, jerseyId: string, payload: object = {}, language = 'pt') =>
  t.inject({
    method: 'PUT',
    url: `/api/me/collection/${kind}/${jerseyId}`,
    headers: { ...c.headers, 'accept-language': language },
    remoteAddress: c.ip,
    payload,
  });
const remove = (c: Client, kind: string, jerseyId: string) =>
  t.inject({
    method: 'DELETE',
    url: `/api/me/collection/${kind}/${jerseyId}`,
    headers: c.headers,
    remoteAddress: c.ip,
  });
const mine = async (c: Client) => {
  const res = await t.inject({ method: 'GET', url: '/api/me/collection', headers: c.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyCollection>();
};
const setPublic = async (c: Client, value: boolean) => {
  const res = await t.inject({
    method: 'PATCH',
    url: '/api/me/collection',
    headers: c.headers,
    remoteAddress: c.ip,
    payload: { public: value },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CollectionVisibility>();
};
const publicView = (shareId: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/collections/${encodeURIComponent(shareId)}`, headers });

describe('a member’s collection and wishlist (ADR 0042)', () => {
  it('marks jerseys as owned and wanted with a size and a target price, changes and removes them', async () => {
    const me = await member(t);
    const [a, b] = [jerseys[0]!, jerseys[1]!];
    const owned = await put(me, 'owned', a.id, { size: 'G' });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json<CollectionEntry>()).toMatchObject({ kind: 'owned', size: 'G', targetPriceCents: null });
    expect(owned.json<CollectionEntry>().jersey.id).toBe(a.id);
    expect((await put(me, 'wanted', b.id, { targetPriceCents: 25_000 })).statusCode).toBe(200);
    // The same jersey may be both had and wanted (another size).
    expect((await put(me, 'wanted', a.id, { size: 'M' })).statusCode).toBe(200);

    // A second PUT changes the entry; a field it leaves out keeps its value; null clears it.
    expect((await put(me, 'owned', a.id, {})).json<CollectionEntry>().size).toBe('G');
    expect((await put(me, 'owned', a.id, { size: 'GG' })).json<CollectionEntry>().size).toBe('GG');
    expect((await put(me, 'wanted', b.id, { targetPriceCents: null })).json<CollectionEntry>().targetPriceCents).toBe(
      null,
    );

    let list = await mine(me);
    expect(list.public).toBe(false);
    expect(list.shareId).toBeNull();
    expect(list.owned.map((e) => [e.jersey.id, e.size])).toEqual([[a.id, 'GG']]);
    expect(list.wanted.map((e) => e.jersey.id)).toEqual([a.id, b.id]);

    const gone = await remove(me, 'wanted', a.id);
    expect(gone.statusCode).toBe(204);
    // Removing again (another tab) is not an error.
    expect((await remove(me, 'wanted', a.id)).statusCode).toBe(204);
    list = await mine(me);
    expect(list.wanted.map((e) => e.jersey.id)).toEqual([b.id]);
    expect(list.owned).toHaveLength(1);
  });

  it('refuses, with localised messages, an unknown or inactive jersey, a bad size, a price out of range', async () => {
    const me = await member(t);
    const j = jerseys[2]!;
    const unknown = await put(me, 'owned', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'JERSEY_NOT_FOUND', message: expect.stringMatching(/^Camisa não/) });
    const hidden = await put(me, 'wanted', inactive.id, {}, 'en');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toMatch(/^Jersey not found/);

    const size = await put(me, 'owned', j.id, { size: 'XL' });
    expect(size.statusCode).toBe(400);
    expect(size.json().details.size).toMatch(/PP, P, M, G, GG, XGG/);
    for (const price of [-1, 10_000_001, 12.5, '100']) {
      const res = await put(me, 'wanted', j.id, { targetPriceCents: price }, 'en');
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().details.targetPriceCents).toBe('Enter a price from R$ 0 to R$ 100,000.');
    }
    const onOwned = await put(me, 'owned', j.id, { targetPriceCents: 1000 });
    expect(onOwned.statusCode).toBe(400);
    expect(onOwned.json().details.targetPriceCents).toBe('O aviso de preço é só para camisas que você quer.');
    const kind = await put(me, 'stolen', j.id);
    expect(kind.statusCode).toBe(400);
    const extra = await put(me, 'owned', j.id, { userId: me.userId });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details.userId).toBe('Campo não permitido.');
    // Nothing was stored by any of them; 0 is a valid target.
    expect(await mine(me)).toMatchObject({ owned: [], wanted: [] });
    expect((await put(me, 'wanted', j.id, { targetPriceCents: 0 })).statusCode).toBe(200);
  });

  it('lists each jersey with its current global rank, as the jersey page shows it', async () => {
    const voter = await member(t);
    expect((await chain(t, voter, 6)).responses.every((r) => r.statusCode === 200)).toBe(true);
    await t.fitRankings({ force: true });
    const me = await member(t);
    for (const j of jerseys) expect((await put(me, 'owned', j.id)).statusCode).toBe(200);
    const list = await mine(me);
    expect(list.owned).toHaveLength(jerseys.length);
    for (const entry of list.owned) {
      const rating = (
        await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${entry.jersey.id}` })
      ).json<JerseyRating>();
      expect(entry.standing, entry.jersey.id).toEqual(
        rating.global && {
          rank: rating.global.rank,
          of: rating.global.of,
          score: rating.global.score,
          provisional: rating.global.provisional,
        },
      );
    }
    expect(list.owned.some((e) => e.standing !== null)).toBe(true);
  });

  it('is private by default; public under a random link, without sizes or prices; private again kills the link', async () => {
    const me = await member(t);
    await t.setUser(me.userId!, { name: 'Colecionadora Pública' });
    expect((await put(me, 'owned', jerseys[0]!.id, { size: 'P' })).statusCode).toBe(200);
    expect((await put(me, 'wanted', jerseys[1]!.id, { targetPriceCents: 9_900 })).statusCode).toBe(200);

    const on = await setPublic(me, true);
    expect(on.public).toBe(true);
    expect(on.shareId).toMatch(/^[\w-]{22}$/);
    // Asking again keeps the link.
    expect((await setPublic(me, true)).shareId).toBe(on.shareId);
    const seen = await publicView(on.shareId!);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    const body = seen.json<PublicCollection>();
    expect(body.name).toBe('Colecionadora Pública');
    expect(body.owned.map((e) => e.jersey.id)).toEqual([jerseys[0]!.id]);
    expect(body.wanted.map((e) => e.jersey.id)).toEqual([jerseys[1]!.id]);
    expect(seen.body).not.toContain('9900');
    expect(seen.body).not.toContain('"size"');
    expect(seen.body).not.toContain(me.userId!);

    const off = await setPublic(me, false);
    expect(off).toEqual({ public: false, shareId: null });
    const dead = await publicView(on.shareId!);
    expect(dead.statusCode).toBe(404);
    // A dead link, a made-up one and an overlong one all answer the same 404.
    const made = await publicView('AAAAAAAAAAAAAAAAAAAAAA');
    expect([dead.json().code, made.json().code]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(dead.json().message).toBe(made.json().message);
    expect((await publicView('x'.repeat(65))).statusCode).toBe(400);

    // Public again: a new link; the old one stays dead.
    const again = await setPublic(me, true);
    expect(again.shareId).not.toBe(on.shareId);
    expect((await publicView(again.shareId!)).statusCode).toBe(200);
    expect((await publicView(on.shareId!)).statusCode).toBe(404);
    // A deactivated member's public link answers 404 too.
    await t.setUser(me.userId!, { active: false });
    expect((await publicView(again.shareId!)).statusCode).toBe(404);
  });
});

describe('a collection is its member’s alone (docs/security.md item 37)', () => {
  it('another member, a Moderator and an Admin read and change only their own; a visitor nothing', async () => {
    const owner = await member(t);
    const j = jerseys[0]!;
    expect((await put(owner, 'owned', j.id, { size: 'M' })).statusCode).toBe(200);
    expect((await put(owner, 'wanted', j.id, { targetPriceCents: 1_000 })).statusCode).toBe(200);
    const { shareId: _private } = await setPublic(owner, false);

    const others: Client[] = [
      await member(t),
      { ...(await member(t)), headers: bearer((await t.userWithRoles(['Moderator'])).accessToken) },
      { ...(await member(t)), headers: bearer((await t.userWithRoles(['Admin'])).accessToken) },
    ];
    for (const other of others) {
      // Their list is their own (empty), whatever they do to the same jersey.
      expect(await mine(other)).toMatchObject({ owned: [], wanted: [], public: false });
      expect((await remove(other, 'owned', j.id)).statusCode).toBe(204);
      expect((await put(other, 'owned', j.id, { size: 'PP' })).statusCode).toBe(200);
      expect((await remove(other, 'owned', j.id)).statusCode).toBe(204);
      // No route takes a member's id: one sent anyway is refused, not obeyed.
      const sneaky = await t.inject({
        method: 'PATCH',
        url: '/api/me/collection',
        headers: other.headers,
        payload: { public: true, userId: owner.userId },
      });
      expect(sneaky.statusCode).toBe(400);
      expect(
        (
          await t.inject({ method: 'GET', url: `/api/me/collection?userId=${owner.userId}`, headers: other.headers })
        ).json<MyCollection>().owned,
      ).toEqual([]);
    }
    const after = await mine(owner);
    expect(after.owned.map((e) => [e.jersey.id, e.size])).toEqual([[j.id, 'M']]);
    expect(after.wanted.map((e) => e.targetPriceCents)).toEqual([1_000]);
    expect(after.public).toBe(false);

    for (const [method, url] of [
      ['GET', '/api/me/collection'],
      ['PATCH', '/api/me/collection'],
      ['PUT', `/api/me/collection/owned/${j.id}`],
      ['DELETE', `/api/me/collection/owned/${j.id}`],
    ] as const) {
      const res = await t.inject({
        method,
        url,
        payload: method === 'PATCH' ? { public: true } : method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('waits for new terms like every other write', async () => {
    const me = await member(t);
    await t.setUser(me.userId!, { termsVersion: null });
    const res = await put(me, 'owned', jerseys[0]!.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TERMS_NOT_ACCEPTED');
    expect((await mine(me)).owned).toEqual([]);
  });
});

describe('LGPD: in "Baixar meus dados", gone with "Excluir minha conta"', () => {
  it('the export has the entries, the public flag and the link; nobody else’s', async () => {
    const [me, other] = [await member(t), await member(t)];
    expect((await put(me, 'owned', jerseys[0]!.id, { size: 'XGG' })).statusCode).toBe(200);
    expect((await put(me, 'wanted', jerseys[1]!.id, { targetPriceCents: 15_000 })).statusCode).toBe(200);
    expect((await put(other, 'owned', jerseys[2]!.id)).statusCode).toBe(200);
    const { shareId } = await setPublic(me, true);
    const res = await t.inject({ method: 'GET', url: '/api/me/export', headers: me.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { collection } = res.json<MyDataExport>();
    expect(collection.public).toBe(true);
    expect(collection.shareId).toBe(shareId);
    expect(collection.entries).toHaveLength(2);
    expect(collection.entries[0]).toMatchObject({ kind: 'owned', size: 'XGG', targetPriceCents: null });
    expect(collection.entries[0]!.jersey).toMatchObject({
      season: jerseys[0]!.season,
      team: expect.stringMatching(/^Time /),
    });
    expect(collection.entries[1]).toMatchObject({ kind: 'wanted', size: null, targetPriceCents: 15_000 });
  });

  it('deleting the account erases the entries and the public link', async () => {
    const me = await member(t);
    expect((await put(me, 'owned', jerseys[0]!.id)).statusCode).toBe(200);
    expect((await put(me, 'wanted', jerseys[1]!.id, { targetPriceCents: 100 })).statusCode).toBe(200);
    const { shareId } = await setPublic(me, true);
    const res = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: me.headers,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(t, sql`select 1 from collection_items where user_id = ${me.userId}`)).toHaveLength(0);
    expect(await rows(t, sql`select 1 from users where collection_share_id = ${shareId}`)).toHaveLength(0);
    expect((await publicView(shareId!)).statusCode).toBe(404);
  });
});

describe('the price detector (ADR 0042)', () => {
  it('the rule: at or below the target crosses once, stays quiet, resets above, crosses again', () => {
    expect(crossingOf({ targetCents: 100, below: false }, 100)).toBe('cross');
    expect(crossingOf({ targetCents: 100, below: true }, 90)).toBe('none');
    expect(crossingOf({ targetCents: 100, below: true }, 101)).toBe('reset');
    expect(crossingOf({ targetCents: 100, below: true }, null)).toBe('reset');
    expect(crossingOf({ targetCents: 100, below: false }, 101)).toBe('none');
    expect(crossingOf({ targetCents: 100, below: false }, null)).toBe('none');
    expect(crossingOf({ targetCents: null, below: true }, 50)).toBe('reset');
  });

  const product = (jerseyId: string, offers: { priceCents: number; inStock?: boolean }[]): ProductInput => ({
    category: 'jerseys',
    namePt: 'Camisa de teste',
    nameEn: 'Test jersey',
    descriptionPt: 'Uma camisa para o teste do aviso de preço.',
    descriptionEn: 'A jersey for the price alert test.',
    team: 'Time de teste',
    season: '2001/02',
    jerseyId,
    colours: ['Branco'],
    sizes: ['M'],
    priceCents: 30_000,
    stock: { M: 3 },
    offers: offers.map((o, i) => ({ storeName: `Loja ${i}`, url: `https://loja${i}.example/camisa`, ...o })),
  });

  it('alerts once per crossing, records it atomically, and again only after the price went back above', async () => {
    const j = jerseys[3]!;
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: mod,
      payload: product(j.id, [{ priceCents: 30_000 }]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ id: string }>().id;
    const setOffers = async (offers: { priceCents: number; inStock?: boolean }[]) => {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/manage/products/${productId}`,
        headers: mod,
        payload: product(j.id, offers),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const [me, other, owner] = [await member(t), await member(t), await member(t)];
    expect((await put(me, 'wanted', j.id, { targetPriceCents: 20_000 })).statusCode).toBe(200);
    expect((await put(other, 'wanted', j.id, { targetPriceCents: 10_000 })).statusCode).toBe(200);
    expect((await put(owner, 'owned', j.id)).statusCode).toBe(200);
    expect((await put(owner, 'wanted', j.id)).statusCode).toBe(200); // no target: never alerted
    const mineOnly = async () => (await t.collection.recordPriceCrossings()).filter((c) => c.jerseyId === j.id);

    expect(await mineOnly()).toEqual([]); // 300 > both targets
    await setOffers([{ priceCents: 30_000 }, { priceCents: 19_990 }]);
    const first = await mineOnly();
    expect(first).toEqual([
      expect.objectContaining({ userId: me.userId, jerseyId: j.id, targetPriceCents: 20_000, offerPriceCents: 19_990 }),
    ]);
    // Restart-safe: run again at once, and again with the price still below (and lower): nothing new.
    expect(await mineOnly()).toEqual([]);
    await setOffers([{ priceCents: 18_000 }]);
    expect(await mineOnly()).toEqual([]);
    // An offer out of stock does not count: the best in-stock one is above, so the mark resets…
    await setOffers([{ priceCents: 18_000, inStock: false }, { priceCents: 25_000 }]);
    expect(await mineOnly()).toEqual([]);
    // …and coming down again is a new crossing, for both members now that it is below both targets.
    await setOffers([{ priceCents: 9_000 }]);
    expect((await mineOnly()).map((c) => c.userId).sort()).toEqual([me.userId, other.userId].sort());
    expect(await mineOnly()).toEqual([]);

    // A changed target is judged afresh; the same target saved again is not.
    expect((await put(me, 'wanted', j.id, { targetPriceCents: 20_000, size: 'G' })).statusCode).toBe(200);
    expect(await mineOnly()).toEqual([]);
    expect((await put(me, 'wanted', j.id, { targetPriceCents: 9_500 })).statusCode).toBe(200);
    expect((await mineOnly()).map((c) => c.userId)).toEqual([me.userId]);

    // The notifications' writer runs in the same transaction: when it fails, nothing is recorded, and the
    // next run hands the same crossing over again.
    expect((await put(other, 'wanted', j.id, { targetPriceCents: 9_999 })).statusCode).toBe(200);
    await expect(
      t.collection.recordPriceCrossings(async () => {
        throw new Error('mail down');
      }),
    ).rejects.toThrow('mail down');
    const handed: string[] = [];
    const retried = await t.collection.recordPriceCrossings(async (crossings, tx) => {
      await tx.execute(sql`select 1`);
      handed.push(...crossings.filter((c) => c.jerseyId === j.id).map((c) => c.userId));
    });
    expect(handed).toEqual([other.userId]);
    expect(retried.filter((c) => c.jerseyId === j.id)).toHaveLength(1);

    // Two runs at once record each crossing once.
    await setOffers([{ priceCents: 25_000 }]);
    expect(await mineOnly()).toEqual([]);
    await setOffers([{ priceCents: 5_000 }]);
    const [x, y] = await Promise.all([mineOnly(), mineOnly()]);
    expect([...x, ...y].map((c) => c.userId).sort()).toEqual([me.userId, other.userId].sort());
  });

  it('with the shop off the detector records nothing', async () => {
    const off = await createTestApp({ SHOP_ENABLED: 'false' });
    try {
      expect(await off.collection.recordPriceCrossings()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
