import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#db/client.ts';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
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
