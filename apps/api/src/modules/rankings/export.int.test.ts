import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankingExport } from '@manto/contracts';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { jerseys, votes } from '#db/schema/index.ts';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { expectNoFormulaCells, readCsv, undefused } from '#test/csv.ts';
import { chain, visitor } from '#test/duels.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import type { FitExecutor } from './fit-executor.ts';
import { fitScope } from './fit-scope.ts';
import { RankingJob } from './job.ts';
import { type ExportedVote, refitSnapshot } from './refit.ts';
import { RankingRepository } from './repository.ts';

// The ranking snapshot export (`/api/rankings/export`): what a spreadsheet makes of it (docs/security.md §32)
// and what a refit of the votes export makes of it (docs/ranking.md §7).

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
let mod: Record<string, string>;

/** Votes written straight to the table (tallies rebuilt): each pair once, `left` winning. */
async function insertVotes(pairs: [SeededJersey, SeededJersey][], voterKey = `v:${randomUUID()}`) {
  await t.db.insert(votes).values(
    pairs.map(([left, right]) => ({
      duelId: randomUUID(),
      scope: 'global',
      leftId: left.id,
      rightId: right.id,
      outcome: 'left',
      voterKey,
      issuedAt: new Date(Date.now() - 5000),
    })),
  );
  await rebuildPairStats(t.db);
}

beforeAll(async () => {
  // Fits only when a test asks: the app's own timer could publish the votes a test's job means to count.
  t = await createTestApp({}, {}, { scheduledRanking: false });
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2019, 2020, 2021] });
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  const js = catalogue.jerseys;
  await insertVotes(js.flatMap((a, i) => js.slice(i + 1).map((b) => [a, b] as [SeededJersey, SeededJersey])));
});
afterAll(async () => t?.close());

describe('spreadsheet-safe CSV (issue 27)', () => {
  it('starts no cell with a formula from a moderator-set name under `,`, `;` or tab, and keeps the names', async () => {
    const [row] = await t.db
      .select({ supplierId: jerseys.supplierId })
      .from(jerseys)
      .where(eq(jerseys.id, catalogue.jerseys[0]!.id));
    const names = { supplier: 'Sup;=2+5;x', model: '=HYPERLINK("http://x";"y")\t-1' };
    for (const [path, id, name] of [
      ['suppliers', row!.supplierId, names.supplier],
      ['models', catalogue.models[0]!.id, names.model],
    ] as const) {
      const res = await t.inject({ method: 'PUT', url: `/api/manage/${path}/${id}`, headers: mod, payload: { name } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.fitRankings({ force: true });

    const csv = await t.inject({ method: 'GET', url: '/api/rankings/export?format=csv' });
    expect(csv.statusCode).toBe(200);
    expectNoFormulaCells(csv.body);
    // Read with the file's own separator, the names come back as the moderator set them.
    const [header, ...rows] = readCsv(csv.body, ',');
    expect(rows).toHaveLength(catalogue.jerseys.length);
    const at = (column: string) => header!.indexOf(column);
    for (const r of rows) {
      expect(undefused(r[at('supplier')]!)).toBe(names.supplier);
      expect(undefused(r[at('model')]!)).toBe(names.model);
      // Numbers stay numbers: bare, and read back as the JSON export gives them.
      expect(Number(r[at('score')])).not.toBeNaN();
    }
    const json = (await t.inject({ method: 'GET', url: '/api/rankings/export?format=json' })).json();
    expect(rows.map((r) => Number(r[at('score')]))).toEqual(json.rows.map((r: { score: number }) => r.score));
  });

  it('the votes export too, whatever its text fields hold', async () => {
    const [j1, j2] = catalogue.jerseys as [SeededJersey, SeededJersey];
    await t.db.insert(votes).values({
      duelId: randomUUID(),
      scope: 'x;=1+1;,-2',
      leftId: j1.id,
      rightId: j2.id,
      outcome: 'left',
      voterKey: 'v:odd',
      issuedAt: new Date(Date.now() - 5000),
    });
    await rebuildPairStats(t.db);
    const csv = await t.inject({ method: 'GET', url: '/api/votes/export?format=csv' });
    expect(csv.statusCode).toBe(200);
    expectNoFormulaCells(csv.body);
    const [header, ...rows] = readCsv(csv.body, ',');
    expect(rows.map((r) => undefused(r[header!.indexOf('scope')]!))).toContain('x;=1+1;,-2');
  });
});

describe('a snapshot anyone can refit exactly (issue 27)', () => {
  /** Votes through the real vote path (vote row and pair tally in one statement), from fresh visitors. */
  const castVotes = async (voters: number) => {
    for (let i = 0; i < voters; i++) {
      const { responses } = await chain(t, visitor(t), 3);
      for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('names its last vote, and a refit of the votes export up to it gives the served scores, votes arriving meanwhile', async () => {
    await castVotes(4);
    // A ranking job whose tallies are read while more votes arrive: between the moment it settles what it
    // counts and its read of the pair tallies, six more votes are cast, as on a busy server.
    let during = 0;
    class BusyRepository extends RankingRepository {
      override async pairCount() {
        if (during === 0) {
          during = 2;
          await castVotes(2);
        }
        return super.pairCount();
      }
    }
    const executor: FitExecutor = {
      kind: 'inline',
      run: async (data, rounds, seed) => fitScope(data, rounds, seed),
      close: async () => {},
    };
    const active = async () =>
      catalogue.jerseys.map(
        (j) => ({ id: j.id, teamId: j.teamId, modelId: j.modelId, active: true }) as CatalogueJersey,
      );
    const job = new RankingJob(new BusyRepository(t.db), active, executor, {
      intervalMs: 60_000,
      rounds: 10,
      log: pino({ level: 'silent' }),
    });
    await job.runOnce({ force: true });
    expect(during).toBe(2);
    // And more after the fit, before anyone downloads anything.
    await castVotes(2);
    t.clock.advance(10_000); // past the readers' snapshot cache

    const votes: ExportedVote[] = (await t.inject({ method: 'GET', url: '/api/votes/export?format=json' })).json();
    for (const team of [undefined, ...catalogue.teams.map((x) => x.slug)]) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/rankings/export?format=json${team ? `&team=${team}` : ''}`,
      });
      const snapshot = rankingExport.parse(res.json());
      expect(snapshot.lastVoteId).not.toBeNull();
      // Votes newer than the watermark exist (cast during and after the fit), and the fit counted none of them.
      expect(votes.some((v) => v.id > snapshot.lastVoteId!)).toBe(true);
      const refit = refitSnapshot(snapshot, votes);
      expect(refit.votes, team ?? 'global').toBe(snapshot.votes);
      // "Exactly": every score equal to the precision the export prints (one decimal).
      expect(
        snapshot.rows.map((r) => [r.jersey_id, r.score]),
        team ?? 'global',
      ).toEqual(snapshot.rows.map((r) => [r.jersey_id, refit.scores.get(r.jersey_id)]));
    }

    // The CSV names the same watermark on every row.
    const [header, ...rows] = readCsv((await t.inject({ method: 'GET', url: '/api/rankings/export' })).body, ',');
    const json = rankingExport.parse(
      (await t.inject({ method: 'GET', url: '/api/rankings/export?format=json' })).json(),
    );
    expect(header!.slice(-2)).toEqual(['last_vote_id', 'fit_votes']);
    expect(new Set(rows.map((r) => r.slice(-2).join()))).toEqual(new Set([`${json.lastVoteId},${json.votes}`]));
  });
});
