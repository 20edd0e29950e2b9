/**
 * Demo data never mixes into a catalogue with real records: a start with SEED_DEMO on a database that
 * already has jerseys adds no drawn jerseys and no simulated votes (PostgreSQL only: two processes share
 * one database there; an in-memory PGlite is its process's own). And a fresh demo has its tournaments
 * and its shop.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Dashboard,
  ProductDetail,
  ProductList,
  Ranking,
  Segments,
  TournamentDetail,
  TournamentSummary,
} from '@manto/contracts';
import { queryRows } from '#db/client.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { expectTalliesMatchVotes } from '#test/tallies.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo seeding', () => {
  it('leaves a catalogue with real jerseys alone: no demo jerseys, no simulated votes', async (ctx) => {
    if (!t.config.databaseUrl) return ctx.skip();
    await seedCatalogue(t.db, { teams: 2, models: ['Titular'], seasons: [2023, 2024] });
    const jerseys = await t.count('jerseys');
    expect(jerseys).toBeGreaterThan(1);
    const restarted = await createTestApp({ SEED_DEMO: 'true' }, { databaseUrl: t.config.databaseUrl });
    try {
      await restarted.demoSeeding;
      expect(await t.count('jerseys')).toBe(jerseys);
      expect(await t.count('votes')).toBe(0);
      // The real catalogue may be ranked by now (the restarted app's job), but on no vote.
      const [fitted] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ranking_fits where votes > 0`,
      );
      expect(fitted!.n).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('a fresh demo', () => {
  // On every leg this file runs on: PostgreSQL runs it in npm test, the quick start's PGlite in test:full
  // (vitest.config.ts).
  let demo: TestApp | undefined;
  beforeAll(async () => {
    demo = await createTestApp({ SEED_DEMO: 'true', SHOP_ENABLED: 'true' });
    await demo.demoSeeding;
    // A safety bound, not a speed goal: the whole demo (votes, fits, tournaments, shop) took 30–60 s on
    // a 2-core machine and more than 120 s there under coverage with another suite running.
  }, 600_000);
  afterAll(async () => demo?.close());

  it('keeps the pair tallies equal to its valid votes, so the ranking job reads the votes as counted', async (ctx) => {
    if (!demo) return ctx.skip();
    await expectTalliesMatchVotes(demo.db);
  });

  it('shows a neutral ranking that differs from the global one, and at least three fanbase rankings', async (ctx) => {
    if (!demo) return ctx.skip();
    // The demo's first live fit runs right after the seeding.
    await demo.fitRankings();
    const get = async (url: string) => (await demo!.inject({ method: 'GET', url })).json();
    const segments: Segments = await get('/api/rankings/segments');
    expect(segments.fans.length).toBeGreaterThanOrEqual(3);
    for (const f of segments.fans) expect(f.voters).toBeGreaterThanOrEqual(30);
    expect(segments.countries.map((c) => c.code)).toContain('BR');
    expect(segments.states.map((s) => s.code)).toEqual(expect.arrayContaining(['RJ', 'SP']));
    // Whole snapshots through the open-data export.
    type Rows = { votes: number | null; rows: { team: string; score: number; votes?: number }[] };
    const global: Rows = await get('/api/rankings/export?format=json');
    const neutral: Rows = await get('/api/rankings/export?format=json&segment=neutral');
    // A segment's file carries scores, not counts (docs/segments.md, "Threat model").
    expect(global.votes).toBeGreaterThan(0);
    expect(neutral.votes).toBeNull();
    expect(neutral.rows.every((row) => row.votes === undefined)).toBe(true);
    // Own-fan votes lift their clubs' jerseys: the biggest fanbase's jerseys score lower without them, and
    // higher among their own fans.
    const team = segments.fans[0]!.team;
    const mean = (r: Rows) => {
      const mine = r.rows.filter((row) => row.team === team.name);
      return mine.reduce((sum, row) => sum + row.score, 0) / mine.length;
    };
    expect(mean(global)).toBeGreaterThan(mean(neutral));
    const fans: Ranking = await get(`/api/rankings?segment=fans:${team.slug}`);
    expect(fans.segment?.available).toBe(true);
    const fansRows: Rows = await get(`/api/rankings/export?format=json&segment=fans:${team.slug}`);
    expect(mean(fansRows)).toBeGreaterThan(mean(global));
  });

  it('shows one completed tournament, one ongoing with votes in its open round, and one upcoming', async (ctx) => {
    if (!demo) return ctx.skip();
    const res = await demo.inject({ method: 'GET', url: '/api/tournaments' });
    const items: TournamentSummary[] = res.json().items;
    const by = (status: string) => items.filter((i) => i.status === status);
    expect(items).toHaveLength(3);
    const [completed, ongoing, upcoming] = [by('completed')[0]!, by('ongoing')[0]!, by('upcoming')[0]!];
    expect(completed.champion).not.toBeNull();
    expect(ongoing).toMatchObject({ currentRound: 2 });

    const detail: TournamentDetail = (
      await demo.inject({ method: 'GET', url: `/api/tournaments/${completed.slug}` })
    ).json();
    expect(detail.rounds.map((r) => r.matches.length)).toEqual([8, 4, 2, 1]);
    expect(
      detail.rounds.flatMap((r) => r.matches).every((m) => m.decidedBy === 'votes' || m.decidedBy === 'draw'),
    ).toBe(true);
    const open = (await demo.inject({ method: 'GET', url: `/api/tournaments/${ongoing.slug}` })).json();
    // Votes are being cast in the open round, but its split stays hidden.
    const [row] = await queryRows<{ n: number }>(
      demo.db,
      sql`select count(*)::int as n from votes where scope = ${`tournament:${ongoing.id}`}
              and answered_at >= ${open.rounds[1].opensAt}`,
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(open.rounds[1].matches.every((m: { votes: number | null }) => m.votes === null)).toBe(true);
    const next = (await demo.inject({ method: 'GET', url: `/api/tournaments/${upcoming.slug}` })).json();
    expect(next.preview).toHaveLength(8);
  });

  it('has a shop of about 60 products: jerseys of the catalogue, balls and accessories, some low, some out', async (ctx) => {
    if (!demo) return ctx.skip();
    const all: ProductList = (await demo.inject({ method: 'GET', url: '/api/shop/products?pageSize=100' })).json();
    expect(all.total).toBeGreaterThanOrEqual(55);
    expect(all.total).toBeLessThanOrEqual(65);
    const categories = new Set(all.items.map((i) => i.category));
    expect([...categories].sort()).toEqual(['accessories', 'balls', 'jerseys']);
    expect(all.items.every((i) => i.image !== null)).toBe(true);
    expect(all.items.some((i) => i.discountPercent > 0) && all.items.some((i) => i.isNew)).toBe(true);
    const shirt = all.items.find((i) => i.category === 'jerseys')!;
    const detail: ProductDetail = (
      await demo.inject({ method: 'GET', url: `/api/shop/products/${shirt.slug}` })
    ).json();
    expect(detail.jersey).not.toBeNull();
    expect(detail.offers.length).toBeGreaterThanOrEqual(2);
    expect(detail.offers.every((o) => /^https:\/\/www\.[a-z-]+\.example\//.test(o.url))).toBe(true);
    const { inventory }: Dashboard = (
      await demo.inject({
        method: 'GET',
        url: '/api/manage/dashboard',
        headers: bearer((await demo.userWithRoles(['Moderator'])).accessToken),
      })
    ).json();
    expect(inventory.totalUnits).toBeGreaterThan(0);
    expect(inventory.lowStock).toBeGreaterThan(0);
    expect(inventory.outOfStock).toBeGreaterThan(0);
  });
});
