import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ranking } from '@manto/contracts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { insertWins, memberWithProfile } from '#test/segments.ts';

// The subtraction attacks on the segment rankings (docs/segments.md, "Threat model"), performed through the
// public answers: the ranking pages and both export formats. Twelve fans of team A live in São Paulo; one fan
// of team B lives in Acre, the only member there (Acre's own segment, one voter, is hidden). Brazil is the
// twelve plus that one.
const MIN = 10;
const MAX_WAIT_HOURS = 24;
let t: TestApp;
let a: SeededJersey[];
let b: SeededJersey[];
let teamA: { id: string; slug: string };
const paulistas: { id: string; accessToken: string }[] = [];
let acreano: { id: string; accessToken: string };

interface Counts {
  votes: number | null;
  wins: number | null;
  losses: number | null;
  ties: number | null;
}
/** What one public answer says of a scope: per jersey counts (null when not given), or null when not shown. */
type Published = Map<string, Counts> | null;

const num = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && x !== '' ? Number(x) : null);
const countsOf = (row: Record<string, unknown>): Counts => ({
  votes: num(row.votes),
  wins: num(row.wins),
  losses: num(row.losses),
  ties: num(row.ties),
});

/** The three public answers about a scope ('' is the global ranking), as an attacker reads them. */
async function published(segment: string): Promise<{ page: Published; json: Published; csv: Published }> {
  const q = segment ? `segment=${encodeURIComponent(segment)}&` : '';
  const page = (await t.inject({ method: 'GET', url: `/api/rankings?${q}pageSize=100` })).json<Ranking>();
  const shown = !page.segment || page.segment.available;
  const json = (await t.inject({ method: 'GET', url: `/api/rankings/export?${q}format=json` })).json<{
    rows: Record<string, unknown>[];
  }>();
  const csv = (await t.inject({ method: 'GET', url: `/api/rankings/export?${q}format=csv` })).body;
  const [header, ...lines] = csv.split('\r\n').filter(Boolean);
  const columns = header!.split(',');
  const csvRows = lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
  });
  const byJersey = (rows: Record<string, unknown>[], id: (r: Record<string, unknown>) => string) =>
    shown ? new Map(rows.map((r) => [id(r), countsOf(r)])) : null;
  return {
    page: byJersey(page.items as unknown as Record<string, unknown>[], (r) => (r.jersey as { id: string }).id),
    json: byJersey(json.rows, (r) => r.jersey_id as string),
    csv: byJersey(csvRows, (r) => r.jersey_id as string),
  };
}

/**
 * `big` minus `small`, jersey by jersey, where both answers give numbers (a jersey missing from a shown
 * `small` counts as zero): the counts this subtraction discloses, non-zero ones only.
 */
function subtract(big: Published, small: Published): Map<string, Counts> {
  const out = new Map<string, Counts>();
  if (!big || !small) return out;
  for (const [id, x] of big) {
    const y = small.get(id) ?? { votes: 0, wins: 0, losses: 0, ties: 0 };
    const keys = ['votes', 'wins', 'losses', 'ties'] as const;
    if (keys.some((k) => x[k] === null || y[k] === null)) continue;
    const d = Object.fromEntries(keys.map((k) => [k, x[k]! - y[k]!])) as unknown as Counts;
    if (keys.some((k) => d[k] !== 0)) out.set(id, d);
  }
  return out;
}

/** The one Acre member's votes: b0 beats b1, b2 beats b3, b0 beats b2 (all on their own team's jerseys). */
function acreTruth(): Map<string, Counts> {
  return new Map([
    [b[0]!.id, { votes: 2, wins: 2, losses: 0, ties: 0 }],
    [b[1]!.id, { votes: 1, wins: 0, losses: 1, ties: 0 }],
    [b[2]!.id, { votes: 2, wins: 1, losses: 1, ties: 0 }],
    [b[3]!.id, { votes: 1, wins: 0, losses: 1, ties: 0 }],
  ]);
}

async function ranking(segment: string): Promise<Ranking> {
  return (await t.inject({ method: 'GET', url: `/api/rankings?segment=${segment}&pageSize=100` })).json<Ranking>();
}

beforeAll(async () => {
  t = await createTestApp(
    {
      SEGMENT_MIN_VOTERS: String(MIN),
      SEGMENT_INTERVAL_SECONDS: '0',
      SEGMENT_MAX_WAIT_HOURS: String(MAX_WAIT_HOURS),
    },
    {},
    // Fits only when the test asks: which members a fit sees decides what a batch holds back.
    { scheduledRanking: false },
  );
  const catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2021, 2022] });
  const [ta, tb] = catalogue.teams;
  teamA = ta!;
  a = catalogue.jerseys.filter((j) => j.teamId === ta!.id);
  b = catalogue.jerseys.filter((j) => j.teamId === tb!.id);
  // Visitors vote across both teams (fewer than five votes each: never judged as outliers).
  for (let v = 0; v < 4; v++)
    await insertWins(t, { key: `v:crowd${v}`, userId: null }, [
      [a[v]!, b[v]!],
      [b[(v + 1) % 4]!, a[(v + 1) % 4]!],
    ]);
  for (let i = 0; i < MIN + 2; i++) {
    const m = await memberWithProfile(t, { favouriteTeamId: ta!.id, country: 'Brasil', state: 'São Paulo' });
    paulistas.push(m);
    await insertWins(t, { key: `u:${m.id}`, userId: m.id }, [
      [a[i % 4]!, a[(i + 1) % 4]!],
      [a[(i + 2) % 4]!, a[(i + 3) % 4]!],
    ]);
  }
  acreano = await memberWithProfile(t, { favouriteTeamId: tb!.id, country: 'Brasil', state: 'Acre' });
  await insertWins(t, { key: `u:${acreano.id}`, userId: acreano.id }, [
    [b[0]!, b[1]!],
    [b[2]!, b[3]!],
    [b[0]!, b[2]!],
  ]);
  await t.fitRankings();
});
afterAll(async () => t?.close());

describe('segment rankings against subtraction', () => {
  it('country:BR minus state:SP gives nothing of the one member in Acre (pages, JSON, CSV)', async () => {
    const big = await published('country:BR');
    const small = await published('state:SP');
    for (const source of ['page', 'json', 'csv'] as const) {
      const recovered = subtract(big[source], small[source]);
      expect(recovered, source).not.toEqual(acreTruth());
      expect(recovered, source).toEqual(new Map());
    }
    const brazil = await ranking('country:BR');
    // Nor the totals.
    expect(brazil.votes).toBeNull();
    expect(brazil.segment).toMatchObject({ available: true, voters: MIN + 3 });
    // Acre alone is hidden by the threshold; São Paulo by complementary suppression (Brazil minus it is one voter).
    expect((await ranking('state:AC')).segment).toMatchObject({ available: false });
    expect((await ranking('state:SP')).segment).toMatchObject({ available: false, voters: null });
  });

  it('the global ranking minus the neutral one gives nothing of the one fan of team B', async () => {
    // Global counts are exact and public (like every vote, in /api/votes/export); the neutral ranking's are not.
    const global = await published('');
    const neutral = await published('neutral');
    expect([...global.page!.values()].every((c) => c.votes !== null)).toBe(true);
    for (const source of ['page', 'json', 'csv'] as const) {
      const recovered = subtract(global[source], neutral[source]);
      const onB = new Map([...recovered].filter(([id]) => b.some((j) => j.id === id)));
      expect(onB, source).not.toEqual(acreTruth());
      expect(recovered, source).toEqual(new Map());
    }
    expect((await ranking('neutral')).votes).toBeNull();
  });

  it('a member’s opt-out, before minus after, gives nothing: held for its batch, then no counts', async () => {
    const key = `fans:${teamA.slug}`;
    const victim = paulistas[0]!;
    const victimTruth = new Map([
      [a[0]!.id, { votes: 1, wins: 1, losses: 0, ties: 0 }],
      [a[1]!.id, { votes: 1, wins: 0, losses: 1, ties: 0 }],
      [a[2]!.id, { votes: 1, wins: 1, losses: 0, ties: 0 }],
      [a[3]!.id, { votes: 1, wins: 0, losses: 1, ties: 0 }],
    ]);
    const before = await published(key);
    const beforePage = await ranking(key);
    expect(beforePage.segment).toMatchObject({ available: true, voters: MIN + 2 });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(victim.accessToken),
      payload: { segmentOptOut: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.fitRankings();
    // Alone, the opt-out waits for its batch: the fanbase is as it was, nothing differs.
    const heldFiles = await published(key);
    for (const source of ['page', 'json', 'csv'] as const) {
      const recovered = subtract(before[source], heldFiles[source]);
      expect(recovered, source).not.toEqual(victimTruth);
      expect(recovered, source).toEqual(new Map());
    }
    const held = await ranking(key);
    expect(held.segment).toMatchObject({ available: true, voters: MIN + 2 });
    expect(held.items).toEqual(beforePage.items);

    // After the longest wait it goes through: the member is out, and still no count to subtract.
    t.clock.advance(MAX_WAIT_HOURS * 3_600_000);
    await t.fitRankings();
    const after = await published(key);
    expect((await ranking(key)).segment).toMatchObject({ available: true, voters: MIN + 1 });
    for (const source of ['page', 'json', 'csv'] as const) {
      const recovered = subtract(before[source], after[source]);
      expect(recovered, source).not.toEqual(victimTruth);
      expect(recovered, source).toEqual(new Map());
    }
  });

  it('changes go through together once enough of them wait', async () => {
    const key = `fans:${teamA.slug}`;
    // Ten more fans opt out at once: a batch of ten, applied at the next fit; one voter is left, so the
    // fanbase (and São Paulo, and Brazil with the Acre member: two voters) is hidden.
    for (const m of paulistas.slice(1, 1 + MIN)) {
      const res = await t.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(m.accessToken),
        payload: { segmentOptOut: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.fitRankings();
    expect((await ranking(key)).segment).toMatchObject({ available: false, voters: null });
    expect((await ranking('country:BR')).segment).toMatchObject({ available: false });
  });
});
