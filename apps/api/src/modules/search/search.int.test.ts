import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { jerseys, liveRatings, models, products, suppliers, teams, tournaments } from '#db/schema/index.ts';
import { GLOBAL } from '#lib/scopes.ts';
import { type TestApp, bearer, createTestApp } from '../../../test/helpers.ts';

// A fixed catalogue on each app's own fresh database: the reference teams Flamengo, Grêmio and São Paulo,
// one more Grêmio, two models in two languages, jerseys with known popularity (global duels played), a
// tournament and a product.
let on: TestApp;
let off: TestApp;

async function seed(db: Db) {
  const [supplier] = await db.insert(suppliers).values({ name: 'Fornecedor', slug: 'fornecedor' }).returning();
  const [home, away] = await db
    .insert(models)
    .values([
      { name: 'Titular', nameEn: 'Home', slug: 'titular' },
      { name: 'Reserva', nameEn: 'Away', slug: 'reserva' },
    ])
    .returning();
  const [novorizontino] = await db
    .insert(teams)
    .values({
      name: 'Grêmio Novorizontino',
      slug: 'gremio-novorizontino',
      country: 'Brasil',
      city: 'Novo Horizonte',
      baseColor: '#FFD700',
      category: 'club',
    })
    .returning();
  const teamId = async (slug: string) =>
    (await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)))[0]!.id;
  const [flamengo, gremio, saoPaulo] = [await teamId('flamengo'), await teamId('gremio'), await teamId('sao-paulo')];
  const jersey = (team: string, season: number, model: typeof home, games: number, active = true) => ({
    row: {
      teamId: team,
      modelId: model!.id,
      supplierId: supplier!.id,
      slug: `${season}-${model!.slug}`,
      season,
      modelYear: String(season),
      mainColor: '#ffffff',
      imageSourceText: 'Teste',
      active,
    },
    games,
  });
  const spec = [
    jersey(flamengo, 2019, home, 40),
    jersey(flamengo, 2019, away, 10),
    jersey(flamengo, 2020, away, 30),
    jersey(flamengo, 2018, home, 99, false),
    jersey(gremio, 2019, home, 5),
    jersey(novorizontino!.id, 2019, home, 50),
    jersey(saoPaulo, 2019, away, 1),
  ];
  const rows = await db
    .insert(jerseys)
    .values(spec.map((s) => s.row))
    .returning();
  await db
    .insert(liveRatings)
    .values(rows.map((r, i) => ({ scope: GLOBAL, jerseyId: r.id, rating: 1500, games: spec[i]!.games })));
  await db.insert(tournaments).values({
    slug: 'copa-das-reservas',
    namePt: 'Copa das Reservas',
    nameEn: 'Away Kits Cup',
    size: 4,
    startsAt: new Date('2026-11-01T00:00:00Z'),
    roundHours: 24,
    pool: { kind: 'hand', jerseyIds: [] },
  });
  await db.insert(products).values({
    slug: 'camisa-flamengo-2019-reserva',
    category: 'jerseys',
    namePt: 'Camisa Flamengo Reserva',
    nameEn: 'Flamengo Away Shirt',
    descriptionPt: 'Camisa.',
    descriptionEn: 'Shirt.',
    team: 'Flamengo',
    season: '2019',
    colours: ['Branco'],
    sizes: ['M'],
    priceCents: 30000,
  });
}

beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ SHOP_ENABLED: 'true' }), createTestApp()]);
  await Promise.all([seed(on.db), seed(off.db)]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

const search = async (q: string, app = on) => {
  const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResults>();
};
/** "team/season/model" of each jersey found, in order. */
const jerseysOf = (r: SearchResults) => r.jerseys.map((j) => `${j.team.slug}/${j.season}/${j.model.slug}`);
const teamsOf = (r: SearchResults) => r.teams.map((t) => t.slug);

describe('GET /api/search on a fixed catalogue', () => {
  it('finds "gremio" without its accent: the whole name before a longer one, however popular', async () => {
    const r = await search('gremio');
    expect(teamsOf(r)).toEqual(['gremio', 'gremio-novorizontino']);
    expect(r.teams[0]).toEqual({ slug: 'gremio', name: 'Grêmio', nameEn: null, article: 'o', jerseys: 1 });
    expect(jerseysOf(r)).toEqual(['gremio/2019/titular', 'gremio-novorizontino/2019/titular']);
  });

  it('finds "sao paulo" as two words without accents, in any case', async () => {
    const r = await search('SAO PAULO');
    expect(teamsOf(r)).toEqual(['sao-paulo']);
    expect(jerseysOf(r)).toEqual(['sao-paulo/2019/reserva']);
  });

  it('finds a jersey by team, season and model', async () => {
    const r = await search('flamengo 2019 reserva');
    expect(teamsOf(r)).toEqual([]);
    expect(jerseysOf(r)).toEqual(['flamengo/2019/reserva']);
    expect(r.jerseys[0]).toMatchObject({ team: { name: 'Flamengo', article: 'o' }, model: { nameEn: 'Away' } });
  });

  it('forgives a typo, and orders equal matches by popularity, leaving inactive jerseys out', async () => {
    const r = await search('flamngo');
    expect(teamsOf(r)).toEqual(['flamengo']);
    expect(r.teams[0]!.jerseys).toBe(3);
    expect(jerseysOf(r)).toEqual(['flamengo/2019/titular', 'flamengo/2020/reserva', 'flamengo/2019/reserva']);
  });

  it('reads the English names', async () => {
    expect(jerseysOf(await search('flamengo away'))).toEqual(['flamengo/2020/reserva', 'flamengo/2019/reserva']);
    expect((await search('away cup')).tournaments).toEqual([
      { slug: 'copa-das-reservas', name: 'Copa das Reservas', nameEn: 'Away Kits Cup' },
    ]);
  });

  it('finds tournaments by their Portuguese name', async () => {
    const r = await search('copa reservas');
    expect(r.tournaments.map((t) => t.slug)).toEqual(['copa-das-reservas']);
  });

  it('finds products only while the shop is on', async () => {
    expect((await search('flamengo reserva')).products).toEqual([
      { slug: 'camisa-flamengo-2019-reserva', name: 'Camisa Flamengo Reserva', nameEn: 'Flamengo Away Shirt' },
    ]);
    const shut = await search('flamengo reserva', off);
    expect(shut.products).toEqual([]);
    expect(jerseysOf(shut)).toEqual(['flamengo/2020/reserva', 'flamengo/2019/reserva']);
  });

  it('answers nothing to an empty query, and to words nothing matches', async () => {
    const empty = { teams: [], jerseys: [], tournaments: [], products: [] };
    expect(await search('')).toEqual(empty);
    expect(await search('   ')).toEqual(empty);
    expect(await search('xyzzyq')).toEqual(empty);
    const res = await on.inject({ method: 'GET', url: '/api/search' });
    expect(res.json()).toEqual(empty);
  });

  it('refuses a query over 100 characters with a 400 in the caller’s language', async () => {
    for (const [language, detail] of [
      ['pt', 'Use no máximo 100 caracteres.'],
      ['en', 'Use at most 100 characters.'],
    ]) {
      const res = await on.inject({
        method: 'GET',
        url: `/api/search?q=${'a'.repeat(101)}`,
        headers: { 'accept-language': language! },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { q: detail } });
    }
    const unknown = await on.inject({ method: 'GET', url: '/api/search?q=a&page=2' });
    expect(unknown.statusCode).toBe(400);
  });

  it('follows the votes within a minute, reordering equal matches', async () => {
    expect(jerseysOf(await search('flamengo reserva', off))).toEqual([
      'flamengo/2020/reserva',
      'flamengo/2019/reserva',
    ]);
    const [away2019] = await off.db
      .select({ id: jerseys.id })
      .from(jerseys)
      .innerJoin(models, eq(models.id, jerseys.modelId))
      .where(and(eq(jerseys.season, 2019), eq(models.slug, 'reserva')));
    await off.db.update(liveRatings).set({ games: 100 }).where(eq(liveRatings.jerseyId, away2019!.id));
    off.clock.advance(61_000);
    await expect
      .poll(async () => jerseysOf(await search('flamengo reserva', off)))
      .toEqual(['flamengo/2019/reserva', 'flamengo/2020/reserva']);
  });

  it('sees a catalogue edit of this process at once', async () => {
    const mod = bearer((await on.userWithRoles(['Moderator'])).accessToken);
    const [away] = await on.db.select({ id: models.id }).from(models).where(eq(models.slug, 'reserva'));
    expect(jerseysOf(await search('visitante'))).toEqual([]);
    const res = await on.inject({
      method: 'PUT',
      url: `/api/manage/models/${away!.id}`,
      headers: mod,
      payload: { name: 'Reserva', nameEn: 'Visitante Away' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(jerseysOf(await search('visitante'))).toHaveLength(3);
  });
});
