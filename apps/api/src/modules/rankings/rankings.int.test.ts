import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ranking, rankingResponse, teamRankingsResponse } from '@manto/contracts';
import { queryRows } from '#db/client.ts';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { votes } from '#db/schema/index.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { visitorHeaders } from '#test/duels.ts';
import { expectTalliesMatchVotes } from '#test/tallies.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { type Vote, aggregate, fit, toEloScale } from './bradley-terry/index.ts';

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
let member: Awaited<ReturnType<TestApp['userWithRoles']>>;
let mod: Record<string, string>;

/** Votes written straight to the table for a voter (tallies rebuilt): `winner` beats `loser` `n` times. */
async function insertVotes(voterKey: string, list: { winner: SeededJersey; loser: SeededJersey; n?: number }[]) {
  const rows = list.flatMap(({ winner, loser, n = 1 }) =>
    Array.from({ length: n }, (_, k) => {
      const flip = k % 2 === 0;
      return {
        duelId: randomUUID(),
        scope: 'global',
        leftId: flip ? winner.id : loser.id,
        rightId: flip ? loser.id : winner.id,
        outcome: flip ? 'left' : 'right',
        voterKey,
        issuedAt: new Date(Date.now() - 5000),
      };
    }),
  );
  await t.db.insert(votes).values(rows);
  await rebuildPairStats(t.db);
}

async function apiVote(headers: Record<string, string>, outcome: string, query = '') {
  const next = await t.inject({ method: 'GET', url: `/api/duels/next${query}`, headers });
  expect(next.statusCode, next.body).toBe(200);
  const res = await t.inject({
    method: 'POST',
    url: '/api/duels/votes',
    headers,
    payload: { token: next.json().duel.token, outcome, ...(outcome === 'skip' ? { skipReason: 'same' } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function ranking(query = ''): Promise<Ranking> {
  const res = await t.inject({ method: 'GET', url: `/api/rankings?pageSize=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  // Served without zod on the way out (lib/plain-json.ts): the answer must still fit the contract.
  expect(rankingResponse.parse(res.json())).toEqual(res.json());
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '10000' });
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2019, 2020, 2021, 2022] });
  member = await t.userWithRoles([]);
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  // A clear crowd order on team 0's jerseys: each beats every later one three times.
  const team0 = catalogue.jerseys.filter((j) => j.teamId === catalogue.teams[0]!.id);
  const pairs = team0.flatMap((w, i) => team0.slice(i + 1).map((l) => ({ winner: w, loser: l, n: 3 })));
  await insertVotes('v:crowd', pairs);
  // Mixed outcomes through the API, in every scope kind.
  const team = catalogue.teams[1]!.slug;
  const model = catalogue.models[0]!.slug;
  for (let k = 0; k < 40; k++) {
    const outcome = ['left', 'right', 'tie', 'both_bad', 'skip'][k % 5]!;
    const query = ['', `?team=${team}`, `?team=${team}&model=${model}`][k % 3]!;
    await apiVote(k % 2 ? bearer(member.accessToken) : visitorHeaders(t), outcome, query);
  }
  await t.fitRankings();
});
afterAll(async () => t?.close());

describe('ranking snapshots', () => {
  it('serve every active jersey with intervals, and wins + losses + ties = 2 × counted votes per scope', async () => {
    const global = await ranking();
    expect(global.fittedAt).not.toBeNull();
    expect(global.total).toBe(16);
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from votes where valid and outcome <> 'skip'`,
    );
    expect(global.votes).toBe(counted!.n);
    // The ordinary rankings carry their counts (only segment rankings have none, docs/segments.md).
    const sum = global.items.reduce((s, r) => s + r.wins! + r.losses! + r.ties!, 0);
    expect(sum).toBe(2 * global.votes!);
    for (const r of global.items) {
      expect(r.lower).toBeLessThanOrEqual(r.score + 1e-6);
      expect(r.upper).toBeGreaterThanOrEqual(r.score - 1e-6);
      expect(r.rankUb).toBeLessThanOrEqual(r.rank);
    }
    for (const team of catalogue.teams) {
      const scoped = await ranking(`&team=${team.slug}`);
      expect(scoped.total).toBe(8);
      expect(scoped.items.reduce((s, r) => s + r.wins! + r.losses! + r.ties!, 0)).toBe(2 * scoped.votes!);
    }
  });

  it('equal a fit recomputed from the raw votes', async () => {
    const raw = await queryRows<{ left_id: string; right_id: string; outcome: Vote['outcome'] }>(
      t.db,
      sql`select left_id, right_id, outcome from votes where valid and outcome <> 'skip'`,
    );
    const ids = catalogue.jerseys.map((j) => j.id);
    const index = new Map(ids.map((id, i) => [id, i]));
    const data = aggregate(
      ids.length,
      raw.map((v) => ({ left: index.get(v.left_id)!, right: index.get(v.right_id)!, outcome: v.outcome })),
    );
    const scores = toEloScale(fit(data).theta);
    const served = await ranking();
    for (const row of served.items) expect(row.score).toBeCloseTo(scores[index.get(row.jersey.id)!]!, 1);
  });

  it('rank the crowd order of team 0 by score', async () => {
    const team0 = await ranking(`&team=${catalogue.teams[0]!.slug}`);
    const expected = catalogue.jerseys.filter((j) => j.teamId === catalogue.teams[0]!.id).map((j) => j.id);
    expect(team0.items.map((r) => r.jersey.id)).toEqual(expected);
    expect(team0.items.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The leader is what the team list shows.
    const teams = await t.inject({ method: 'GET', url: '/api/rankings/teams' });
    expect(teamRankingsResponse.parse(teams.json())).toEqual(teams.json());
    const item = teams.json().items.find((i: { team: { slug: string } }) => i.team.slug === catalogue.teams[0]!.slug);
    expect(item.leader.jersey.id).toBe(expected[0]);
    expect(item.votes).toBe(team0.votes);
  });

  it('filter rows by model and season without renumbering ranks, and 404 an unknown team', async () => {
    const all = await ranking();
    const model = catalogue.models[1]!.slug;
    const filtered = await ranking(`&model=${model}&seasonFrom=2020&seasonTo=2021`);
    expect(filtered.total).toBe(4);
    for (const r of filtered.items) {
      expect(r.jersey.model.slug).toBe(model);
      expect(all.items.find((a) => a.jersey.id === r.jersey.id)!.rank).toBe(r.rank);
    }
    expect(filtered.models.length).toBe(2);
    expect((await t.inject({ method: 'GET', url: '/api/rankings?team=nope' })).statusCode).toBe(404);
  });

  it('track movement and history across fits, and give a jersey its global and team standing', async () => {
    const leader = catalogue.jerseys.find((j) => j.teamId === catalogue.teams[0]!.id)!;
    const last = catalogue.jerseys.filter((j) => j.teamId === catalogue.teams[0]!.id).at(-1)!;
    await insertVotes('v:upset', [{ winner: last, loser: leader, n: 2 }]);
    await t.fitRankings();
    const again = await ranking();
    expect(again.items.every((r) => r.previousRank !== null)).toBe(true);
    const res = await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${leader.id}` });
    expect(res.statusCode).toBe(200);
    const rating = res.json();
    expect(rating.global).toMatchObject({ of: 16, votes: expect.any(Number) });
    // Its standing is the team ranking's row (which one leads after the upset depends on the intervals).
    const team0 = await ranking(`&team=${catalogue.teams[0]!.slug}`);
    expect(rating.team).toMatchObject({ rank: team0.items.find((r) => r.jersey.id === leader.id)!.rank, of: 8 });
    expect(rating.history.length).toBeGreaterThanOrEqual(2);
    expect((await t.inject({ method: 'GET', url: `/api/rankings/jerseys/${randomUUID()}` })).statusCode).toBe(404);
  });
});

describe('open data', () => {
  it('exports the snapshot and the anonymised votes as CSV and JSON', async () => {
    const csv = await t.inject({ method: 'GET', url: '/api/rankings/export?format=csv' });
    expect(csv.headers['content-disposition']).toContain('attachment; filename="manto-ranking-global.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,rank_ub,jersey_id,team,model,supplier,season,score,lower,upper,votes,wins,losses,ties,provisional,' +
        'last_vote_id,fit_votes',
    );
    expect(lines).toHaveLength(17);
    const json = await t.inject({
      method: 'GET',
      url: `/api/rankings/export?format=json&team=${catalogue.teams[0]!.slug}`,
    });
    expect(json.json().rows).toHaveLength(8);

    const total = await t.count('votes');
    const votesCsv = await t.inject({ method: 'GET', url: '/api/votes/export?format=csv' });
    const voteLines = votesCsv.body.trim().split('\r\n');
    expect(voteLines[0]).toBe('id,scope,left_id,right_id,outcome,skip_reason,answered_at,valid');
    expect(voteLines).toHaveLength(total + 1);
    expect(votesCsv.body).not.toContain('v:crowd');
    const votesJson = await t.inject({ method: 'GET', url: '/api/votes/export?format=json' });
    const parsed = votesJson.json();
    expect(parsed).toHaveLength(total);
    expect(Object.keys(parsed[0]).sort()).toEqual(
      ['answered_at', 'id', 'left_id', 'outcome', 'right_id', 'scope', 'skip_reason', 'valid'].sort(),
    );
  });
});

describe('personal history', () => {
  it("lists a member's votes newest first with agreement against the crowd's ranking", async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/me/votes?pageSize=50',
      headers: bearer(member.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(20);
    expect(body.summary.votes).toBe(20);
    const decisive = body.items.filter((v: { outcome: string }) => v.outcome === 'left' || v.outcome === 'right');
    expect(body.summary.judged).toBe(decisive.length);
    expect(body.summary.agreed).toBe(decisive.filter((v: { agreed: boolean }) => v.agreed).length);
    const skip = body.items.find((v: { outcome: string }) => v.outcome === 'skip');
    expect(skip).toMatchObject({ agreed: null, counted: false, skipReason: 'same' });
    expect((await t.inject({ method: 'GET', url: '/api/me/votes' })).statusCode).toBe(401);
  });
});

describe('outlier voters', () => {
  it('flags a voter who always picks against the crowd, and a moderator restores them for good', async () => {
    const team0 = catalogue.jerseys.filter((j) => j.teamId === catalogue.teams[0]!.id);
    const contrary = team0.flatMap((w, i) => team0.slice(i + 1).map((l) => ({ winner: l, loser: w })));
    await insertVotes('v:contrarian', contrary);
    await t.fitRankings();
    const flags = await t.inject({ method: 'GET', url: '/api/manage/votes/flags', headers: mod });
    expect(flags.statusCode).toBe(200);
    const flag = flags.json().items.find((f: { voter: string }) => f.voter === 'visitor-contrari');
    expect(flag).toMatchObject({ reason: 'outlier', votes: contrary.length, restoredAt: null });
    expect(flag.zScore).toBeLessThan(-4);
    const [invalid] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from votes where voter_key = 'v:contrarian' and not valid and invalid_reason = 'outlier'`,
    );
    expect(invalid!.n).toBe(contrary.length);
    // The flag took the votes out of the pair tallies the job reads, in its own transaction.
    await expectTalliesMatchVotes(t.db);
    // Honest voters are not flagged.
    expect(flags.json().items.some((f: { voter: string }) => f.voter.startsWith('visitor-crowd'))).toBe(false);
    expect(
      (await t.inject({ method: 'GET', url: '/api/manage/votes/flags', headers: bearer(member.accessToken) }))
        .statusCode,
    ).toBe(403);

    const restore = await t.inject({ method: 'POST', url: `/api/manage/votes/flags/${flag.id}/restore`, headers: mod });
    expect(restore.statusCode).toBe(200);
    expect(restore.json().restored).toBe(contrary.length);
    await expectTalliesMatchVotes(t.db);
    expect(
      (await t.inject({ method: 'POST', url: `/api/manage/votes/flags/${flag.id}/restore`, headers: mod })).statusCode,
    ).toBe(404);
    await t.fitRankings();
    const after = await t.inject({ method: 'GET', url: '/api/manage/votes/flags', headers: mod });
    const mine = after.json().items.filter((f: { voter: string }) => f.voter === 'visitor-contrari');
    expect(mine).toHaveLength(1);
    expect(mine[0].restoredAt).not.toBeNull();
    const [valid] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from votes where voter_key = 'v:contrarian' and valid`,
    );
    expect(valid!.n).toBe(contrary.length);
  });
});
