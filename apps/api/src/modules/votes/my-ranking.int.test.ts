/**
 * A voter's own ranking (docs/ranking.md §9): the official fit of their votes alone, beside the crowd's
 * ranking, for members and for visitors on their device; and a visitor's votes kept by the account they sign
 * in to, at their request, once. Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_RANKING_MIN_VOTES, type MyRanking, myRankingResponse } from '@manto/contracts';
import { users } from '#db/schema/index.ts';
import { fitVotes } from '#modules/rankings/index.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { type Client, duelOf, issuedVisitor, member, rows, think, vote, visitorHeaders } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let seeded: SeededJersey[];
beforeAll(async () => {
  t = await createTestApp({ VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '1000' }, {}, { scheduledRanking: false });
  ({ jerseys: seeded } = await seedCatalogue(t.db, { teams: 3, models: ['Home', 'Away'], seasons: [2021, 2022] }));
});
afterAll(async () => t?.close());

/** The seeded jerseys' order of preference for the voters here: this file's one taste. */
const preference = (id: string) => seeded.findIndex((j) => j.id === id);

/**
 * `n` votes through each answer's next duel: the preferred side wins, except every fifth duel is a tie.
 * Global duels may draw other files' jerseys on a shared database; those are voted by id.
 */
async function castVotes(c: Client, n: number) {
  let duel = await duelOf(t, c);
  for (let i = 0; i < n; i++) {
    think(t);
    const [l, r] = [preference(duel.left.id), preference(duel.right.id)];
    const leftWins = l >= 0 && r >= 0 ? l < r : duel.left.id < duel.right.id;
    const res = await vote(t, c, duel.token, i % 5 === 4 ? 'tie' : leftWins ? 'left' : 'right');
    expect(res.statusCode, res.body).toBe(200);
    duel = res.json().next.duel;
  }
}

async function myRanking(headers: Record<string, string>): Promise<MyRanking> {
  const res = await t.inject({ method: 'GET', url: '/api/rankings/mine', headers });
  expect(res.statusCode, res.body).toBe(200);
  return myRankingResponse.parse(res.json());
}

/** What the fit of a voter's stored votes alone gives each jersey, computed here from the table. */
async function expectedScores(where: ReturnType<typeof sql>) {
  const votes = await rows<{ left_id: string; right_id: string; outcome: 'left' | 'right' | 'tie' | 'both_bad' }>(
    t,
    sql`select left_id, right_id, outcome from votes where ${where} and outcome <> 'skip'`,
  );
  const ids = [...new Set(votes.flatMap((v) => [v.left_id, v.right_id]))];
  const score = fitVotes(
    ids.length,
    votes.map((v) => ({ left: ids.indexOf(v.left_id), right: ids.indexOf(v.right_id), outcome: v.outcome })),
  );
  return new Map(ids.map((id, i) => [id, score[i]!]));
}

describe('a member’s ranking', () => {
  it('is empty, with the votes still to cast, below the minimum', async () => {
    const c = await member(t);
    await castVotes(c, 3);
    const mine = await myRanking(c.headers);
    expect(mine).toMatchObject({ votes: 3, required: MY_RANKING_MIN_VOTES, items: [], contrarian: null });
  });

  it('is the fit of their own votes: every jersey they saw and only those, best first', async () => {
    const c = await member(t);
    await castVotes(c, MY_RANKING_MIN_VOTES + 6);
    const mine = await myRanking(c.headers);
    expect(mine.votes).toBe(MY_RANKING_MIN_VOTES + 6);

    const expected = await expectedScores(sql`user_id = ${c.userId}`);
    expect(mine.items.map((row) => row.jersey.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of mine.items) expect(row.score).toBeCloseTo(expected.get(row.jersey.id)!, 1);
    expect(mine.items.map((row) => row.rank)).toEqual(mine.items.map((_, i) => i + 1));
    const scores = mine.items.map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Each jersey's record is its duels in these votes: every vote is one duel for each side.
    const duels = mine.items.reduce((sum, row) => sum + row.wins + row.losses + row.ties, 0);
    expect(duels).toBe(2 * mine.votes);
  });

  it('sets them beside the crowd: agreement, the most contrarian pick, the favourite team’s best', async () => {
    // A crowd that prefers the other way round, so the member's picks disagree with it.
    for (let k = 0; k < 3; k++) {
      const crowd = await member(t);
      let duel = await duelOf(t, crowd);
      for (let i = 0; i < 40; i++) {
        think(t);
        const leftWins = preference(duel.left.id) > preference(duel.right.id);
        const res = await vote(t, crowd, duel.token, leftWins ? 'left' : 'right');
        duel = res.json().next.duel;
      }
    }
    const c = await member(t);
    await castVotes(c, MY_RANKING_MIN_VOTES);
    await t.fitRankings({ force: true });
    const team = seeded[2]!.teamId;
    await t.db
      .update(users)
      .set({ favouriteTeamId: team })
      .where(sql`${users.id} = ${c.userId}`);

    const mine = await myRanking(c.headers);
    const profile = (await t.inject({ method: 'GET', url: '/api/me/votes', headers: c.headers })).json();
    expect(mine.agreement).toEqual({ judged: profile.summary.judged, agreed: profile.summary.agreed });
    expect(mine.agreement.judged).toBeGreaterThan(0);

    const crowd = (await t.inject({ method: 'GET', url: '/api/rankings?pageSize=100' })).json();
    const crowdScore = new Map<string, number>(
      crowd.items.map((row: { jersey: { id: string }; score: number }) => [row.jersey.id, row.score]),
    );
    const picks = await rows<{ left_id: string; right_id: string; outcome: string }>(
      t,
      sql`select left_id, right_id, outcome from votes where user_id = ${c.userId} and outcome in ('left', 'right')`,
    );
    const gaps = picks
      .map((v) => (v.outcome === 'left' ? [v.left_id, v.right_id] : [v.right_id, v.left_id]))
      .filter(([picked, over]) => crowdScore.has(picked!) && crowdScore.has(over!))
      .map(([picked, over]) => crowdScore.get(over!)! - crowdScore.get(picked!)!);
    expect(Math.max(...gaps)).toBeGreaterThan(0);
    expect(mine.contrarian).not.toBeNull();
    expect(mine.contrarian!.gap).toBeCloseTo(Math.max(...gaps), 0);
    const rankOf = new Map(mine.items.map((row) => [row.jersey.id, row.rank]));
    expect(mine.contrarian!.pickedRank).toBe(rankOf.get(mine.contrarian!.picked.id));
    for (const row of mine.items) expect(row.crowdRank).not.toBeNull();

    const best = mine.items.find((row) => seeded.find((j) => j.id === row.jersey.id)?.teamId === team);
    expect(mine.favourite).toEqual(best ? { jersey: best.jersey, rank: best.rank } : null);
  });
});

describe('a visitor’s ranking', () => {
  it('is their browser id’s votes', async () => {
    const v = await issuedVisitor(t);
    await castVotes(v, MY_RANKING_MIN_VOTES);
    const mine = await myRanking(v.headers);
    expect(mine.votes).toBe(MY_RANKING_MIN_VOTES);
    expect(mine.favourite).toBeNull();
    const expected = await expectedScores(sql`voter_key = ${v.key}`);
    expect(mine.items).toHaveLength(expected.size);
    for (const row of mine.items) expect(row.score).toBeCloseTo(expected.get(row.jersey.id)!, 1);
  });

  it('needs an id the server signed, in the visitor’s language', async () => {
    const none = await t.inject({ method: 'GET', url: '/api/rankings/mine', headers: { 'accept-language': 'en' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VOTER_REQUIRED',
      message: 'Missing voter id. Reload the page and try again.',
    });
    const forged = await t.inject({
      method: 'GET',
      url: '/api/rankings/mine',
      headers: { 'x-voter-id': 'v1.00000000-0000-4000-8000-000000000000.AAAA' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VOTER_ID_INVALID');
  });
});

describe('a visitor’s votes kept on signing in', () => {
  it('go to the member’s account once, at their request, with the id their browser holds', async () => {
    const v = await issuedVisitor(t);
    await castVotes(v, 5);
    const m = await member(t);
    const ask = (headers: Record<string, string>) =>
      t.inject({ method: 'GET', url: '/api/me/visitor-votes', headers: { ...m.headers, ...headers } });
    const keep = (who: Client, voterId: string) =>
      t.inject({ method: 'POST', url: '/api/me/visitor-votes', headers: who.headers, payload: { voterId } });

    expect((await ask(v.headers)).json()).toEqual({ votes: 5 });
    const kept = await keep(m, v.headers['x-voter-id']!);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ attached: 5 });
    expect((await myRanking(m.headers)).votes).toBe(5);
    const history = (await t.inject({ method: 'GET', url: '/api/me/votes', headers: m.headers })).json();
    expect(history.summary.votes).toBe(5);

    // Once: nothing is left to keep, for this member or another.
    expect((await ask(v.headers)).json()).toEqual({ votes: 0 });
    expect((await keep(m, v.headers['x-voter-id']!)).json()).toEqual({ attached: 0 });
    expect((await keep(await member(t), v.headers['x-voter-id']!)).json()).toEqual({ attached: 0 });
  });

  it('refuses a visitor, an id the server did not sign, and bad input', async () => {
    const v = await issuedVisitor(t);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/me/visitor-votes',
      payload: { voterId: v.headers['x-voter-id'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const m = await member(t);
    const forged = await t.inject({
      method: 'POST',
      url: '/api/me/visitor-votes',
      headers: m.headers,
      payload: { voterId: `${visitorHeaders(t)['x-voter-id']!.split('.').slice(0, 2).join('.')}.${'A'.repeat(22)}` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VOTER_ID_INVALID');
    const bad = await t.inject({
      method: 'POST',
      url: '/api/me/visitor-votes',
      headers: { ...m.headers, 'accept-language': 'pt-BR' },
      payload: { voterId: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
