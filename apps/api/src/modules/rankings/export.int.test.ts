import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { jerseys, votes } from '#db/schema/index.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { expectNoFormulaCells, readCsv, undefused } from '#test/csv.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

// The ranking snapshot export (`/api/rankings/export`): what a spreadsheet makes of it (docs/security.md §32).

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
  t = await createTestApp();
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
    const csv = await t.inject({ method: 'GET', url: '/api/votes/export?format=csv' });
    expect(csv.statusCode).toBe(200);
    expectNoFormulaCells(csv.body);
    const [header, ...rows] = readCsv(csv.body, ',');
    expect(rows.map((r) => undefused(r[header!.indexOf('scope')]!))).toContain('x;=1+1;,-2');
  });
});
