/**
 * Follow and be told (docs/notifications.md): follows, the job's notifications for ranking moves, a team's top 3,
 * tournament rounds and new jerseys, once per member and event whatever the runs and restarts, at most
 * NOTIFICATIONS_PER_DAY a day; the daily digest with its one-click unsubscribe (RFC 8058); and that all of it
 * is the member's alone, in their export, and gone with their account. Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jerseys, notificationCursors, rankingEntries, rankingFits } from '#db/schema/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { moderator, rows } from '#test/duels.ts';
import { PASSWORD, type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { onPostgres } from '#test/server-process.ts';
import { createTournament, tournamentBody } from '#test/tournaments.ts';

const DAY_MS = 86_400_000;
const PER_DAY = 4;

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp(
    { NOTIFICATIONS_PER_DAY: String(PER_DAY), NOTIFICATION_INTERVAL_SECONDS: '86400', SHOP_ENABLED: 'true' },
    {},
    { scheduledRanking: false },
  );
  cat = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2022, 2023, 2024] });
  // The first run starts from the fits already published: nothing before a member followed is told.
  await t.notify();
});
afterAll(async () => t?.close());

async function signedIn() {
  const user = await t.userWithRoles([]);
  return { id: user.id, email: user.email, headers: bearer(user.accessToken) };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

const api = (member: Member | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url, headers: member?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

async function followOk(member: Member, kind: string, id: string) {
  const res = await api(member, 'PUT', `/api/me/follows/${kind}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
}

async function listOf(member: Member) {
  const res = await api(member, 'GET', '/api/me/notifications?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; kind: string; rank: number | null; round: number | null; jersey: { id: string } | null }[];
    unread: number;
    total: number;
  };
}

/**
 * A published fit of `scope` placing each jersey at `rank`, having been at `previousRank`. Fitted at the
 * database's time, like the follows it is compared with: a JavaScript date drops the microseconds, so a fit
 * in the same millisecond as a follow would read as older than it.
 */
async function publish(scope: string, places: { id: string; rank: number; previousRank: number | null }[]) {
  const [fit] = await t.db
    .insert(rankingFits)
    .values({ scope, fittedAt: sql`now()`, votes: 10, digest: Math.random().toString(36), rounds: 1, durationMs: 1 })
    .returning({ id: rankingFits.id });
  await t.db.insert(rankingEntries).values(
    places.map((p) => ({
      fitId: fit!.id,
      jerseyId: p.id,
      rank: p.rank,
      rankUb: p.rank,
      score: 1000,
      lower: 950,
      upper: 1050,
      wins: 0,
      losses: 0,
      ties: 0,
      provisional: false,
      previousRank: p.previousRank,
    })),
  );
  return fit!.id;
}

describe('following', () => {
  it('follows and unfollows a team, a jersey and a tournament, each once', async () => {
    const m = await signedIn();
    const [jersey] = cat.jerseys;
    await followOk(m, 'jersey', jersey!.id);
    await followOk(m, 'jersey', jersey!.id);
    await followOk(m, 'team', cat.teams[0]!.id);
    const list = (await api(m, 'GET', '/api/me/follows')).json();
    expect(list.items.map((f: { kind: string }) => f.kind).sort()).toEqual(['jersey', 'team']);
    expect(list.items.find((f: { kind: string }) => f.kind === 'jersey').jersey.id).toBe(jersey!.id);
    const off = await api(m, 'DELETE', `/api/me/follows/jersey/${jersey!.id}`);
    expect(off.json()).toEqual({ following: false });
    expect((await api(m, 'GET', '/api/me/follows')).json().items).toHaveLength(1);
  });

  it('refuses what does not exist or is malformed, in the member’s language, and visitors', async () => {
    const m = await signedIn();
    const unknown = await t.inject({
      method: 'PUT',
      url: '/api/me/follows/jersey/00000000-0000-4000-8000-000000000000',
      headers: { ...m.headers, 'accept-language': 'en' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await api(m, 'PUT', `/api/me/follows/player/${cat.jerseys[0]!.id}`)).statusCode).toBe(400);
    expect((await api(m, 'PUT', '/api/me/follows/jersey/not-a-uuid')).statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/me/follows'],
      ['PUT', `/api/me/follows/jersey/${cat.jerseys[0]!.id}`],
      ['GET', '/api/me/notifications'],
      ['GET', '/api/me/notification-settings'],
    ] as const)
      expect((await api(null, method, url)).statusCode).toBe(401);
  });
});

describe('the job', () => {
  it('tells a jersey’s followers of a global move of 10 places and of its team’s top 3, once', async () => {
    const m = await signedIn();
    const other = await signedIn();
    const [moved, entered, left, quiet] = cat.jerseys;
    for (const j of [moved, entered, left]) await followOk(m, 'jersey', j!.id);
    await followOk(other, 'jersey', quiet!.id);

    await publish('global', [
      { id: moved!.id, rank: 4, previousRank: 14 },
      { id: quiet!.id, rank: 5, previousRank: 9 },
    ]);
    await publish(`team:${entered!.teamId}`, [
      { id: entered!.id, rank: 3, previousRank: 4 },
      { id: left!.id, rank: 4, previousRank: 2 },
    ]);
    expect((await t.notify())!.added).toBe(3);

    const mine = await listOf(m);
    expect(mine.items.map((n) => [n.kind, n.jersey?.id, n.rank]).sort()).toEqual(
      [
        ['rank_moved', moved!.id, 4],
        ['top3_entered', entered!.id, 3],
        ['top3_left', left!.id, 4],
      ].sort(),
    );
    expect(mine.unread).toBe(3);
    expect((await listOf(other)).items).toEqual([]);

    // Run again, and again after the cursor went back (a crash between writing and moving it): nothing twice.
    expect((await t.notify())!.added).toBe(0);
    await t.db
      .update(notificationCursors)
      .set({ value: 0 })
      .where(sql`${notificationCursors.name} = 'ranking-fits'`);
    expect((await t.notify())!.added).toBe(0);
    expect((await listOf(m)).total).toBe(3);
  });

  it('tells a tournament’s followers that a round opened', async () => {
    const m = await signedIn();
    const ids = cat.jerseys.slice(0, 4).map((j) => j.id);
    const created = await createTournament(t, await moderator(t), tournamentBody(t, ids));
    await followOk(m, 'tournament', created.id);
    await t.runTournaments();
    await t.notify();
    const told = (await listOf(m)).items;
    expect(told.map((n) => [n.kind, n.round])).toEqual([['round_opened', 1]]);
    expect((told[0] as unknown as { tournament: { slug: string } }).tournament.slug).toBe(created.slug);
  });

  it('tells a team’s followers of a jersey added after they followed', async () => {
    const m = await signedIn();
    const team = cat.teams[1]!;
    await followOk(m, 'team', team.id);
    const [added] = await t.db
      .insert(jerseys)
      .values({
        teamId: team.id,
        modelId: cat.models[0]!.id,
        supplierId: (await rows<{ id: string }>(t, sql`select id from suppliers limit 1`))[0]!.id,
        slug: `2025-nova-${Math.random().toString(36).slice(2, 6)}`,
        season: 2025,
        modelYear: '2025/26',
        mainColor: '#000000',
        imageSourceText: 'Teste',
      })
      .returning({ id: jerseys.id });
    // A management write, as a moderator adding it would make: the catalogue's cached copy is read again.
    const shown = await t.inject({
      method: 'PATCH',
      url: `/api/manage/jerseys/${added!.id}/active`,
      headers: await moderator(t),
      payload: { active: true },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    await t.notify();
    expect((await listOf(m)).items.map((n) => [n.kind, n.jersey?.id])).toEqual([['new_jersey', added!.id]]);
  });

  it('keeps a member to NOTIFICATIONS_PER_DAY a day, the rest hidden for good', async () => {
    const m = await signedIn();
    const followed = cat.jerseys.slice(0, PER_DAY + 2);
    for (const j of followed) await followOk(m, 'jersey', j.id);
    await publish(
      'global',
      followed.map((j, i) => ({ id: j.id, rank: i + 1, previousRank: i + 30 })),
    );
    await t.notify();
    expect((await listOf(m)).total).toBe(PER_DAY);
    const exported = (await api(m, 'GET', '/api/me/export')).json();
    expect(exported.notifications).toHaveLength(PER_DAY + 2);
    expect(exported.notifications.filter((n: { hidden: boolean }) => n.hidden)).toHaveLength(2);
  });
});

describe('a wishlist price alert', () => {
  it('tells the member once when a partner offer reaches their target', async () => {
    const m = await signedIn();
    const jersey = cat.jerseys[9]!;
    const wanted = await api(m, 'PUT', `/api/me/collection/wanted/${jersey.id}`, { targetPriceCents: 20_000 });
    expect(wanted.statusCode, wanted.body).toBe(200);
    const product = await t.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: await moderator(t),
      payload: {
        category: 'jerseys',
        namePt: 'Camisa do alerta',
        nameEn: 'Alert jersey',
        descriptionPt: 'Uma camisa para o aviso de preço.',
        descriptionEn: 'A jersey for the price alert.',
        team: 'Time de teste',
        season: '2001/02',
        jerseyId: jersey.id,
        colours: ['Branco'],
        sizes: ['M'],
        priceCents: 30_000,
        stock: { M: 3 },
        offers: [{ storeName: 'Loja', url: 'https://loja.example/camisa', priceCents: 19_990 }],
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    await t.notify();
    await t.notify();
    const told = (await listOf(m)).items;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'price_alert',
      jersey: { id: jersey.id },
      targetPriceCents: 20_000,
      offerPriceCents: 19_990,
    });
  });
});

describe('a member’s notifications', () => {
  it('are read by their owner only', async () => {
    const m = await signedIn();
    const intruder = await signedIn();
    await followOk(m, 'jersey', cat.jerseys[6]!.id);
    await publish('global', [{ id: cat.jerseys[6]!.id, rank: 1, previousRank: 20 }]);
    await t.notify();
    const [n] = (await listOf(m)).items;
    const theirs = await api(intruder, 'POST', '/api/me/notifications/read', { ids: [n!.id] });
    expect(theirs.json()).toEqual({ unread: 0 });
    expect((await listOf(m)).unread).toBe(1);
    expect((await api(m, 'POST', '/api/me/notifications/read', { ids: [n!.id] })).json()).toEqual({ unread: 0 });
    expect((await api(m, 'POST', '/api/me/notifications/read', { ids: ['x'] })).statusCode).toBe(400);
  });
});

describe('the daily digest', () => {
  it('mails opted-in topics at most once a day, and one click unsubscribes without signing in', async () => {
    const m = await signedIn();
    const settings = await api(m, 'PUT', '/api/me/notification-settings', { email: ['rankings'] });
    expect(settings.json()).toEqual({ email: ['rankings'] });
    const jersey = cat.jerseys[7]!;
    await followOk(m, 'jersey', jersey.id);
    await publish('global', [{ id: jersey.id, rank: 2, previousRank: 40 }]);
    await t.notify();
    await publish('global', [{ id: jersey.id, rank: 30, previousRank: 2 }]);
    await t.notify();
    await t.flushMail();
    const mails = t.mail.to(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/foi de 40.{1,3} para 2.{1,3} no ranking global/);
    // Headers as sent, long ones unfolded (RFC 5322 §2.2.3).
    const raw = mails[0]!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)![1]!;

    // A day later the second move goes out.
    t.clock.advance(DAY_MS);
    await t.notify();
    await t.flushMail();
    expect(t.mail.to(m.email)).toHaveLength(2);
    expect(t.mail.to(m.email)[1]!.text).toMatch(/foi de 2.{1,3} para 30.{1,3} no ranking global/);

    const url = new URL(oneClick);
    const forged = await t.inject({
      method: 'POST',
      url: `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), t: 'rankings' })}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pt-BR' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code, forged.body).toBe('UNSUBSCRIBE_LINK_INVALID');
    const clicked = await t.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect((await api(m, 'GET', '/api/me/notification-settings')).json()).toEqual({ email: [] });
    // The web page's click posts an empty object.
    const page = await t.inject({ method: 'POST', url: `${url.pathname}${url.search}`, payload: {} });
    expect(page.statusCode, page.body).toBe(200);

    await publish('global', [{ id: jersey.id, rank: 1, previousRank: 30 }]);
    t.clock.advance(DAY_MS);
    await t.notify();
    await t.flushMail();
    expect(t.mail.to(m.email)).toHaveLength(2);
  });
});

describe('the member’s data', () => {
  it('is exported and goes with the account', async () => {
    const m = await signedIn();
    await followOk(m, 'team', cat.teams[0]!.id);
    await api(m, 'PUT', '/api/me/notification-settings', { email: ['teams', 'tournaments'] });
    const exported = (await api(m, 'GET', '/api/me/export')).json();
    expect(exported.follows).toEqual([{ kind: 'team', id: cat.teams[0]!.id, since: expect.any(String) }]);
    expect(exported.emailTopics.sort()).toEqual(['teams', 'tournaments']);

    const gone = await api(m, 'DELETE', '/api/me', { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    for (const table of ['follows', 'notifications', 'notification_settings'])
      expect(await rows(t, sql`select 1 from ${sql.identifier(table)} where user_id = ${m.id}`)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('a restart', () => {
  it('tells nothing twice: another process on the same database adds nothing', async () => {
    const b = await createTestApp({}, { databaseUrl: t.config.databaseUrl }, { scheduledRanking: false });
    try {
      const m = await signedIn();
      await followOk(m, 'jersey', cat.jerseys[8]!.id);
      await publish('global', [{ id: cat.jerseys[8]!.id, rank: 1, previousRank: 50 }]);
      await t.notify();
      expect((await b.notify())!.added).toBe(0);
      expect((await listOf(m)).total).toBe(1);
    } finally {
      await b.close();
    }
  });
});
