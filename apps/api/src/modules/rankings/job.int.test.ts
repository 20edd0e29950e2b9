import { randomUUID } from 'node:crypto';
import { type Ranking, type RankingRow, rankingResponse } from '@manto/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#db/client.ts';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { votes } from '#db/schema/index.ts';
import { teamScope } from '#lib/scopes.ts';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import type { FitExecutor } from './fit-executor.ts';
import { fitScope } from './fit-scope.ts';
import { MAX_PAIR_VOTES } from './bradley-terry/index.ts';
import { LEASE_SECONDS, RankingJob, scopeData } from './job.ts';
import { RankingRepository } from './repository.ts';

/** Waits end as soon as what they wait for holds; the bound is for a machine under load. */
const WAIT = { timeout: 60_000, interval: 20 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('ranking job on an empty catalogue', () => {
  it('fits nothing, fails nothing, and the ranking says it has no snapshot yet', async () => {
    await expect(t.fitRankings({ force: true })).resolves.toEqual([]);
    const res = await t.inject({ method: 'GET', url: '/api/rankings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fittedAt: null, items: [], total: 0, votes: 0, axis: null });
  });
});

describe('the ranking lease', () => {
  const lease = async () =>
    (
      await queryRows<{ holder: string; until: string; left: number }>(
        t.db,
        sql`select holder, until::text as until, extract(epoch from until - now())::float8 as left
            from job_leases where name = 'rankings'`,
      )
    )[0];

  it('is short and renewed while a fit runs, so a process killed mid-fit blocks the others only briefly', async () => {
    const seeded = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2020, 2021, 2022] });
    // The app's own job fits this catalogue now, so its timer finds nothing new and stays out of the way.
    await t.fitRankings();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = 0;
    const executor: FitExecutor = {
      kind: 'inline',
      run: async (data, rounds, seed) => {
        started += 1;
        await gate;
        return fitScope(data, rounds, seed);
      },
      close: async () => {},
    };
    const catalogue = async () =>
      seeded.jerseys.map((j) => ({ id: j.id, teamId: j.teamId, modelId: j.modelId, active: true }) as CatalogueJersey);
    const job = new RankingJob(new RankingRepository(t.db), catalogue, executor, {
      intervalMs: 60_000,
      rounds: 10,
      log: pino({ level: 'silent' }),
      heartbeatMs: 50,
    });

    const run = job.runOnce({ force: true });
    await vi.waitFor(() => expect(started).toBe(1), WAIT);
    const taken = (await lease())!;
    // A process that dies now leaves this lease for at most LEASE_SECONDS (it used to be 600 s).
    expect(taken.left).toBeGreaterThan(0);
    expect(taken.left).toBeLessThanOrEqual(LEASE_SECONDS);
    // While the fit runs, nobody else fits, and the heartbeat moves the lease forward.
    expect(await t.fitRankings({ force: true })).toEqual([]);
    await vi.waitFor(async () => expect((await lease())!.until > taken.until).toBe(true), WAIT);
    expect((await lease())!.holder).toBe(taken.holder);

    open();
    expect((await run).length).toBeGreaterThan(0);
    expect((await lease())!.left).toBeLessThanOrEqual(0);
  });
});

describe('the pair tallies read', () => {
  it('gives every pair of the jerseys asked for, in order, however the pages fall on pairs with others', async () => {
    const seeded = await seedCatalogue(t.db, { teams: 1, models: ['Away'], seasons: [2001, 2002, 2003, 2004, 2005] });
    const ids = seeded.jerseys.map((j) => j.id).sort();
    // Every pair of the five jerseys, with its own counts; the job asks for three of them (one retired in
    // between), so pages of two rows end on pairs it must skip and go on after.
    const rows = ids.flatMap((low, i) =>
      ids.slice(i + 1).map((high, j) => ({ low, high, wins: [i, j + 1, (i + j) % 2] })),
    );
    await t.db.execute(sql`delete from pair_stats`);
    for (const r of rows)
      await t.db.execute(
        sql`insert into pair_stats (low_id, high_id, low_wins, high_wins, ties)
            values (${r.low}, ${r.high}, ${r.wins[0]}, ${r.wins[1]}, ${r.wins[2]})`,
      );
    const asked = [ids[0]!, ids[2]!, ids[4]!];
    const index = new Map(asked.map((id, i) => [id, i]));
    const expected = rows
      .filter((r) => index.has(r.low) && index.has(r.high))
      .map((r) => [index.get(r.low), index.get(r.high), ...r.wins]);
    const repository = new RankingRepository(t.db);
    for (const pageSize of [1, 2, 3, 100]) {
      const tallies = await repository.pairTallies(index, undefined, undefined, pageSize);
      const read = Array.from({ length: tallies.length }, (_, k) => [
        tallies.a[k],
        tallies.b[k],
        tallies.winsA[k],
        tallies.winsB[k],
        tallies.ties[k],
      ]);
      expect(read).toEqual(expected);
    }
  });
});

describe('a scope built from the tallies', () => {
  it('refuses a pair with more votes than its 32-bit counts hold exactly, and takes one just below', async () => {
    const members = [{ id: 'a' }, { id: 'b' }] as CatalogueJersey[];
    const position = new Map([
      ['a', 0],
      ['b', 1],
    ]);
    const tallies = (votes: number) => ({
      length: 1,
      a: Int32Array.of(0),
      b: Int32Array.of(1),
      winsA: Int32Array.of(votes - 1),
      winsB: Int32Array.of(0),
      ties: Int32Array.of(1),
    });
    const below = await scopeData('global', members, position, tallies(MAX_PAIR_VOTES - 1));
    expect([below.data.winsA[0], below.data.winsB[0]]).toEqual([MAX_PAIR_VOTES - 2 + 0.5, 0.5]);
    await expect(scopeData('global', members, position, tallies(MAX_PAIR_VOTES))).rejects.toThrow(RangeError);
  });
});

describe('the order of a ranking', () => {
  let team: { id: string; slug: string };
  let jersey: Record<'low' | 'mid' | 'p1' | 'p2', SeededJersey>;

  /** Votes written straight to the table (tallies rebuilt): `winner` beats `loser` `n` times. */
  async function beats(list: [winner: SeededJersey, loser: SeededJersey, n: number][]) {
    const rows = list.flatMap(([winner, loser, n]) =>
      Array.from({ length: n }, (_, k) => ({
        duelId: randomUUID(),
        scope: 'global',
        leftId: k % 2 ? loser.id : winner.id,
        rightId: k % 2 ? winner.id : loser.id,
        outcome: k % 2 ? 'right' : 'left',
        voterKey: 'v:order',
        issuedAt: new Date(Date.now() - 5000),
      })),
    );
    await t.db.insert(votes).values(rows);
    await rebuildPairStats(t.db);
  }

  async function teamRanking(): Promise<Ranking> {
    const res = await t.inject({ method: 'GET', url: `/api/rankings?team=${team.slug}&pageSize=100` });
    expect(res.statusCode, res.body).toBe(200);
    return rankingResponse.parse(res.json());
  }

  const names = (rows: RankingRow[]) =>
    rows.map((r) => Object.entries(jersey).find(([, j]) => j.id === r.jersey.id)![0]);

  beforeAll(async () => {
    const seeded = await seedCatalogue(t.db, { teams: 1, models: ['Third'], seasons: [2020, 2021, 2022, 2023] });
    team = seeded.teams[0]!;
    const [low, mid, p1, p2] = seeded.jerseys as [SeededJersey, SeededJersey, SeededJersey, SeededJersey];
    jersey = { low, mid, p1, p2 };
    // `low` and `mid` meet 120 times (low wins 35 %): both established. `p1` and `p2` play `low` fewer
    // than 30 times each and mostly beat it: provisional, and scored above both.
    await beats([
      [mid, low, 78],
      [low, mid, 42],
      [p1, low, 20],
      [low, p1, 5],
      [p2, low, 16],
      [low, p2, 6],
    ]);
    await t.fitRankings();
  });

  it('follows the score: higher-scoring provisional jerseys above a lower-scoring established one, marked', async () => {
    const ranking = await teamRanking();
    const rows = ranking.items;
    expect(names(rows)).toEqual(['p1', 'p2', 'mid', 'low']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.provisional)).toEqual([true, true, false, false]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.score).toBeLessThan(rows[i - 1]!.score);
    // The jersey the fans like least is last, though it is the one with the most votes.
    const low = rows.at(-1)!;
    expect(low.votes).toBeGreaterThanOrEqual(30);
    expect(low.winRate).toBeLessThan(0.5);

    // The same places on the jersey page, in the export and as the team's leader.
    const rating = await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${jersey.low.id}` });
    expect(rating.json().team).toMatchObject({ rank: 4, of: 4, provisional: false });
    const exported = await t.inject({ method: 'GET', url: `/api/rankings/export?format=json&team=${team.slug}` });
    type Exported = { jersey_id: string; rank: number; provisional: boolean };
    expect(exported.json().rows.map((r: Exported) => [r.jersey_id, r.rank, r.provisional])).toEqual(
      rows.map((r) => [r.jersey.id, r.rank, r.provisional]),
    );
    const teams = await t.inject({ method: 'GET', url: `/api/rankings/teams?search=${team.slug.slice(-6)}` });
    const item = teams.json().items.find((i: { team: { slug: string } }) => i.team.slug === team.slug);
    expect(item.leader.jersey.id).toBe(jersey.p1.id);
  });

  it("gives movement against the previous fit's places by score, also when that fit was stored in another order", async () => {
    // The previous fit as the former rule numbered it: established jerseys first, then provisional ones.
    const [fit] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from ranking_fits where scope = ${teamScope(team.id)} order by id desc limit 1`,
    );
    const old = { mid: 1, low: 2, p1: 3, p2: 4 };
    for (const [name, rank] of Object.entries(old))
      await t.db.execute(
        sql`update ranking_entries set rank = ${rank}
             where fit_id = ${fit!.id} and jersey_id = ${jersey[name as keyof typeof jersey].id}`,
      );
    await beats([[jersey.mid, jersey.low, 1]]);
    await t.fitRankings();
    const rows = (await teamRanking()).items;
    expect(names(rows)).toEqual(['p1', 'p2', 'mid', 'low']);
    // Nobody moved: a rule's change is no movement of the crowd's.
    expect(rows.map((r) => r.previousRank)).toEqual([1, 2, 3, 4]);
  });
});
