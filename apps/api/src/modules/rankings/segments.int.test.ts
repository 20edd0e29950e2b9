import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ranking, rankingResponse, segmentsResponse } from '@manto/contracts';
import { queryRows } from '#db/client.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { TestClock } from '#test/clock.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { insertWins, memberWithProfile } from '#test/segments.ts';
import pino from 'pino';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { type Vote, aggregate, fit, toEloScale } from './bradley-terry/index.ts';
import { createFitExecutor } from './fit-executor.ts';
import { RankingJob } from './job.ts';
import { RankingRepository } from './repository.ts';

// Segment rankings (docs/segments.md) on a small catalogue: fans of team A (enough of them to be shown)
// favour their own jerseys, fans of team B are too few, and some of A's fans opted out.
const MIN = 10;
let t: TestApp;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
let teamA: { id: string; slug: string };
let teamB: { id: string; slug: string };
let jerseysA: SeededJersey[];
let others: SeededJersey[];
const fansA: { id: string; email: string; accessToken: string }[] = [];
const fansB: { id: string; email: string }[] = [];
const optedOut: { id: string; email: string }[] = [];

async function ranking(query: string): Promise<Ranking> {
  const res = await t.inject({ method: 'GET', url: `/api/rankings?pageSize=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(rankingResponse.parse(res.json())).toEqual(res.json());
  return res.json();
}

/** The Elo-scale scores of a plain fit over these votes, by jersey id. */
function scoresOf(raw: { left_id: string; right_id: string; outcome: Vote['outcome'] }[], ids: string[]) {
  const index = new Map(ids.map((id, i) => [id, i]));
  const scores = toEloScale(
    fit(
      aggregate(
        ids.length,
        raw.map((v) => ({ left: index.get(v.left_id)!, right: index.get(v.right_id)!, outcome: v.outcome })),
      ),
    ).theta,
  );
  return new Map(ids.map((id, i) => [id, scores[i]!]));
}

beforeAll(async () => {
  // Fits only when the test asks: which members a fit sees decides what a batch holds back (docs/segments.md).
  t = await createTestApp(
    { SEGMENT_MIN_VOTERS: String(MIN), SEGMENT_INTERVAL_SECONDS: '0' },
    {},
    { scheduledRanking: false },
  );
  catalogue = await seedCatalogue(t.db, { teams: 3, models: ['Home', 'Away'], seasons: [2021, 2022] });
  [teamA, teamB] = catalogue.teams as [typeof teamA, typeof teamB];
  jerseysA = catalogue.jerseys.filter((j) => j.teamId === teamA.id);
  others = catalogue.jerseys.filter((j) => j.teamId !== teamA.id);
  // Visitors think A's jerseys are the worst; A's own fans vote them up.
  for (let v = 0; v < 6; v++)
    await insertWins(
      t,
      { key: `v:crowd${v}`, userId: null },
      others.flatMap((o) => jerseysA.map((a) => [o, a] as [SeededJersey, SeededJersey])),
    );
  for (let i = 0; i < MIN + 2; i++) {
    const m = await memberWithProfile(t, {
      favouriteTeamId: teamA.id,
      country: i % 2 ? 'Brasil' : ' brazil ',
      state: 'São Paulo',
    });
    fansA.push(m);
    await insertWins(t, { key: `u:${m.id}`, userId: m.id }, [
      [jerseysA[i % 4]!, others[i % others.length]!],
      [others[(i + 1) % others.length]!, others[(i + 2) % others.length]!],
    ]);
  }
  for (let i = 0; i < 3; i++) {
    const m = await memberWithProfile(t, { favouriteTeamId: teamB.id, country: 'BR', state: 'rj' });
    fansB.push(m);
    await insertWins(t, { key: `u:${m.id}`, userId: m.id }, [[others[i]!, jerseysA[i]!]]);
  }
  for (let i = 0; i < 3; i++) {
    const m = await memberWithProfile(t, {
      favouriteTeamId: teamA.id,
      country: 'Brasil',
      state: 'SP',
      segmentOptOut: true,
    });
    optedOut.push(m);
    await insertWins(t, { key: `u:${m.id}`, userId: m.id }, [[jerseysA[i]!, others[i]!]]);
  }
  await t.fitRankings();
});
afterAll(async () => t?.close());

describe('segment rankings', () => {
  it('the neutral ranking equals a fit over the votes without members’ votes on their own team', async () => {
    const raw = await queryRows<{
      left_id: string;
      right_id: string;
      outcome: Vote['outcome'];
      team: string | null;
      lt: string;
      rt: string;
    }>(
      t.db,
      sql`select v.left_id, v.right_id, v.outcome, u.favourite_team_id as team,
                 (select team_id from jerseys where id = v.left_id) as lt, (select team_id from jerseys where id = v.right_id) as rt
            from votes v left join users u on u.id = v.user_id and not u.segment_opt_out
           where v.valid and v.outcome <> 'skip'`,
    );
    const own = (v: (typeof raw)[number]) => v.team !== null && (v.lt === v.team || v.rt === v.team);
    const ids = catalogue.jerseys.map((j) => j.id);
    const expected = scoresOf(
      raw.filter((v) => !own(v)),
      ids,
    );
    const neutral = await ranking('segment=neutral');
    expect(neutral.segment).toMatchObject({ key: 'neutral', kind: 'neutral', available: true, voters: null });
    expect(neutral.total).toBe(ids.length);
    for (const row of neutral.items) expect(row.score).toBeCloseTo(expected.get(row.jersey.id)!, 1);
    // The own-team votes (one per fan of A or B; not the opted-out members') separate it from the global one;
    // the neutral ranking gives no counts (docs/segments.md, "Threat model").
    const global = await ranking('');
    expect(neutral.votes).toBeNull();
    expect(neutral.items.every((r) => r.votes === null && r.wins === null && r.winRate === null)).toBe(true);
    const scoreOf = (r: Ranking, id: string) => r.items.find((x) => x.jersey.id === id)!.score;
    expect(scoreOf(global, jerseysA[0]!.id)).toBeGreaterThan(scoreOf(neutral, jerseysA[0]!.id));
  });

  it('a fanbase above the threshold is shown with its voters; opted-out members are not in it', async () => {
    const fans = await ranking(`segment=fans:${teamA.slug}`);
    expect(fans.segment).toMatchObject({ kind: 'fans', available: true, voters: fansA.length, minVoters: MIN });
    expect(fans.segment!.team!.slug).toBe(teamA.slug);
    // No counts in a segment of people (docs/segments.md, "Threat model").
    expect(fans.votes).toBeNull();
    expect(fans.items.every((r) => r.votes === null && r.wins === null && r.losses === null)).toBe(true);
    // The opted-out members' votes still count in the ordinary ranking.
    const [counted] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from votes where valid`);
    expect((await ranking('')).votes).toBe(counted!.n);
    // Regions: everyone from Brazil who did not opt out, whatever the spelling. São Paulo is not shown: Brazil
    // minus it is three voters (team B's fans in Rio), fewer than the threshold (complementary suppression).
    const brazil = await ranking('segment=country:BR');
    expect(brazil.segment).toMatchObject({ available: true, voters: fansA.length + fansB.length });
    expect((await ranking('segment=state:SP')).segment).toMatchObject({ available: false, voters: null });

    const list = await t.inject({ method: 'GET', url: '/api/rankings/segments' });
    expect(segmentsResponse.parse(list.json())).toEqual(list.json());
    expect(list.json()).toMatchObject({
      minVoters: MIN,
      fans: [{ team: { slug: teamA.slug }, voters: fansA.length }],
      countries: [{ code: 'BR', voters: fansA.length + fansB.length }],
      states: [],
    });
  });

  it('a segment below the threshold answers nothing about it, and no answer names a person', async () => {
    for (const key of [`fans:${teamB.slug}`, 'state:RJ', 'country:PT']) {
      const res = await ranking(`segment=${key}`);
      expect(res.segment).toMatchObject({ available: false, voters: null, minVoters: MIN });
      expect(res).toMatchObject({ items: [], total: 0, votes: null, fittedAt: null, axis: null });
    }
    const everyone = [...fansA, ...fansB, ...optedOut];
    for (const url of [
      `/api/rankings?segment=fans:${teamA.slug}`,
      '/api/rankings/segments',
      '/api/rankings/export?segment=fans:' + teamA.slug + '&format=json',
      `/api/rankings/jerseys/${jerseysA[0]!.id}`,
    ]) {
      const body = (await t.inject({ method: 'GET', url })).body;
      for (const m of everyone) {
        expect(body).not.toContain(m.id);
        expect(body).not.toContain(m.email);
      }
      expect(body).not.toMatch(/gender|"u:/);
    }
    const csv = await t.inject({ method: 'GET', url: '/api/rankings/export?segment=neutral' });
    expect(csv.statusCode).toBe(200);
    // Scores and intervals, no count columns.
    expect(csv.body.split('\r\n')[0]).toBe(
      'rank,rank_ub,jersey_id,team,model,supplier,season,score,lower,upper,provisional',
    );
  });

  it('the jersey page compares global, neutral and own-fans standings', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${jerseysA[0]!.id}` });
    const body = res.json();
    expect(body.global).not.toBeNull();
    expect(body.neutral).not.toBeNull();
    expect(body.ownFans).not.toBeNull();
    expect(body.ownFans.score).toBeGreaterThan(body.neutral.score);
    // Team B's fans are too few: its jerseys have no own-fans standing.
    const b = catalogue.jerseys.find((j) => j.teamId === teamB.id)!;
    expect((await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${b.id}` })).json().ownFans).toBeNull();
  });

  it('refuses malformed or contradictory segments and 404s unknown ones', async () => {
    const get = (q: string) => t.inject({ method: 'GET', url: `/api/rankings?${q}` });
    expect((await get(`segment=neutral&team=${teamA.slug}`)).statusCode).toBe(400);
    expect((await get('segment=gender:female')).statusCode).toBe(400);
    expect((await get('segment=fans:no-such-team')).statusCode).toBe(404);
    expect((await get('segment=country:ZZ')).statusCode).toBe(404);
    expect((await get('segment=state:XX')).statusCode).toBe(404);
  });

  it('refits only the segments whose votes changed; opt-outs below the threshold hide the segment after their wait', async () => {
    expect(await t.fitRankings()).toEqual([]);
    // A visitor's vote changes the global and neutral tallies, not any segment of people.
    await insertWins(t, { key: 'v:late', userId: null }, [[others[0]!, others[1]!]]);
    const fitted = await t.fitRankings();
    expect(fitted).toContain('global');
    expect(fitted).toContain('neutral');
    expect(fitted.filter((s) => /^(fans|country|state):/.test(s))).toEqual([]);

    // Three fans of A opt out through their profile: 9 voters left, below 10.
    for (const m of fansA.slice(0, 3)) {
      const res = await t.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(m.accessToken),
        payload: { segmentOptOut: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().segmentOptOut).toBe(true);
    }
    // Three changes are fewer than a batch (docs/segments.md, "Changes in batches"): the fanbase stays as it was…
    await t.fitRankings();
    expect((await ranking(`segment=fans:${teamA.slug}`)).segment).toMatchObject({ available: true, voters: MIN + 2 });
    // …until the longest wait is over.
    t.clock.advance(t.config.rankings.segmentMaxWaitHours * 3_600_000);
    await t.fitRankings();
    expect((await ranking(`segment=fans:${teamA.slug}`)).segment).toMatchObject({ available: false, voters: null });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ranking_fits where scope = ${'fans:' + teamA.id}`,
    );
    expect(left!.n).toBe(0);
    // Brazil still has 12 voters (9 of A + 3 of B): still shown, with the opted-out members gone.
    expect((await ranking('segment=country:BR')).segment).toMatchObject({ available: true, voters: MIN + 2 });
  });
});

describe('the segment interval', () => {
  it('holds a segment change back until its turn, then fits it without a new vote', async () => {
    const catalogueNow = async () =>
      catalogue.jerseys.map(
        (j) => ({ id: j.id, teamId: j.teamId, modelId: j.modelId, active: true }) as CatalogueJersey,
      );
    const clock = new TestClock();
    const job = new RankingJob(new RankingRepository(t.db), catalogueNow, createFitExecutor(), {
      intervalMs: 60_000,
      rounds: 10,
      log: pino({ level: 'silent' }),
      segments: { minVoters: MIN, intervalMs: 400_000, maxWaitMs: 3_600_000 },
      now: () => clock.now(),
    });
    try {
      // Its first run refits everything the app's job left, segments included.
      expect(await job.runOnce({ force: true })).toContain('neutral');
      // A fan of A votes for their team: the global ranking follows at once, the segments wait their turn.
      await insertWins(t, { key: `u:${fansA[5]!.id}`, userId: fansA[5]!.id }, [[jerseysA[3]!, others[3]!]]);
      const early = await job.runOnce();
      expect(early).toContain('global');
      expect(early).not.toContain('country:BR');
      clock.advance(400_000);
      // Nothing new since, but the waiting change is fitted now: Brazil's fans (their own-team vote leaves the
      // neutral ranking as it was; A's fanbase and São Paulo are below the threshold since the opt-outs).
      expect(await job.runOnce()).toEqual(['country:BR']);
      expect(await job.runOnce()).toEqual([]);
    } finally {
      await job.stop();
    }
  });
});
