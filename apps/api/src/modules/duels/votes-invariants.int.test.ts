/**
 * What every vote leaves behind, summed (docs/ranking.md §2, §3): after a mix of votes on a catalogue of its
 * own — counted, tied, skipped, over the daily cap, replayed, refused, parallel — the live ratings' games
 * and the pair tallies add up to exactly the votes the clients were told counted. Runs on PGlite and
 * PostgreSQL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { type Client, type Duel, duelOf, member, post, rows, think, visitor } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { countedScopes, parseScope } from '#lib/scopes.ts';

const DAILY_CAP = 4;
let t: TestApp;
let jerseys: SeededJersey[];
let teams: { slug: string }[];
let models: { slug: string }[];
beforeAll(async () => {
  t = await createTestApp({ VOTE_RATE_PER_MINUTE: '1000', VOTE_DAILY_CAP: String(DAILY_CAP) });
  // 2 teams × 2 models × 2 seasons: global duels across teams, team duels across models, team+model pairs.
  ({ jerseys, teams, models } = await seedCatalogue(t.db, {
    teams: 2,
    models: ['Home', 'Away'],
    seasons: [2020, 2021],
  }));
});
afterAll(async () => t?.close());

/** Every answer the clients got, to sum what they were told against what the database holds. */
const answered: { outcome: string; res: LightMyRequestResponse }[] = [];

async function answer(c: Client, duel: Duel, outcome: string, skipReason?: string) {
  const res = await post(t, c, { token: duel.token, outcome, ...(skipReason ? { skipReason } : {}) });
  if (res.statusCode === 200) answered.push({ outcome, res });
  return res;
}

/** Votes through each answer's next duel with these outcomes; returns whether each counted. */
async function votes(c: Client, outcomes: string[], query = '') {
  let duel = await duelOf(t, c, query);
  const counted: boolean[] = [];
  for (const outcome of outcomes) {
    think(t);
    const res = await answer(c, duel, outcome);
    expect(res.statusCode, res.body).toBe(200);
    counted.push(res.json().counted);
    duel = res.json().next.duel;
  }
  return counted;
}

describe('invariants after a mix of votes', () => {
  beforeAll(async () => {
    const [team0, team1] = teams.map((x) => x.slug);
    const [home, away] = models.map((x) => x.slug);

    // A visitor past the daily cap: the 5th and 6th are stored, not counted.
    const fan = visitor(t);
    expect(await votes(fan, ['left', 'right', 'tie', 'both_bad', 'left', 'right'])).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    // A member in a team scope, then in a team+model scope.
    const signedIn = await member(t);
    expect(await votes(signedIn, ['right', 'left', 'tie'], `?team=${team0}`)).toEqual([true, true, true]);
    expect(await votes(signedIn, ['left'], `?team=${team1}&model=${home}`)).toEqual([true]);
    // Skips never count; the tie after them does.
    const unsure = visitor(t);
    const skipped = await duelOf(t, unsure);
    const skip = await answer(unsure, skipped, 'skip', 'dont_know');
    expect(skip.json().counted).toBe(false);
    const again = await answer(unsure, skip.json().next.duel, 'skip');
    think(t);
    expect((await answer(unsure, again.json().next.duel, 'tie')).json().counted).toBe(true);

    // Refused answers store nothing: a replay, a stolen duel, one too fast.
    const replayed = await duelOf(t, unsure);
    think(t);
    expect((await answer(unsure, replayed, 'left')).statusCode).toBe(200);
    expect((await answer(unsure, replayed, 'right')).statusCode).toBe(409);
    const stolen = await duelOf(t, visitor(t));
    think(t);
    expect((await answer(unsure, stolen, 'left')).statusCode).toBe(403);
    expect((await answer(unsure, await duelOf(t, unsure), 'left')).statusCode).toBe(422);

    // Ten voters on one pair at once, sides as drawn.
    const crowd = Array.from({ length: 10 }, () => visitor(t));
    const duels = await Promise.all(crowd.map((c) => duelOf(t, c, `?team=${team0}&model=${away}`)));
    think(t);
    const all = await Promise.all(crowd.map((c, i) => answer(c, duels[i]!, i % 2 ? 'left' : 'right')));
    expect(all.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
  });

  const jersey = (id: string) => jerseys.find((j) => j.id === id)!;
  /** What the clients were told counted: the jerseys and outcome of each counted answer. */
  const counted = () =>
    answered
      .filter(({ res }) => res.json().counted)
      .map(({ outcome, res }) => ({
        outcome,
        left: res.json().left.id as string,
        right: res.json().right.id as string,
      }));

  it('stores one row per answer taken, and marks exactly the votes over the cap as daily_cap', async () => {
    expect(await t.count('votes')).toBe(answered.length);
    const capped = answered.filter(({ outcome, res }) => outcome !== 'skip' && !res.json().counted).length;
    expect(capped).toBe(2);
    const [row] = await rows<{ invalid: number; capped: number; dupes: number }>(
      t,
      sql`select count(*) filter (where not valid)::int as invalid,
                 count(*) filter (where invalid_reason = 'daily_cap')::int as capped,
                 (select count(*)::int from (select duel_id from votes group by duel_id having count(*) > 1) d) as dupes
            from votes`,
    );
    // No duel id has two rows.
    expect(row).toEqual({ invalid: capped, capped, dupes: 0 });
  });

  it('per scope, live_ratings games sum to 2 × the counted votes, as the clients were told and as stored', async () => {
    const expected = new Map<string, number>();
    for (const v of counted())
      for (const s of countedScopes(jersey(v.left), jersey(v.right))) expected.set(s, (expected.get(s) ?? 0) + 2);
    // Each kind of scope was voted in: global, team, team+model.
    const kind = (s: string) => {
      const { teamId, modelId } = parseScope(s);
      return modelId ? 'team+model' : teamId ? 'team' : 'global';
    };
    expect(new Set([...expected.keys()].map(kind))).toEqual(new Set(['global', 'team', 'team+model']));
    const games = await rows<{ scope: string; n: number }>(
      t,
      sql`select scope, sum(games)::int as n from live_ratings group by scope`,
    );
    expect(Object.fromEntries(games.map((g) => [g.scope, Number(g.n)]))).toEqual(Object.fromEntries(expected));

    // The same from the stored rows: every non-skip vote but those over the daily cap (a later outlier flag
    // sets valid = false for the official ranking but leaves the live Elo it moved).
    const stored = await rows<{ left_team: string; left_model: string; right_team: string; right_model: string }>(
      t,
      sql`select l.team_id::text as left_team, l.model_id::text as left_model,
                 r.team_id::text as right_team, r.model_id::text as right_model
            from votes v join jerseys l on l.id = v.left_id join jerseys r on r.id = v.right_id
           where v.outcome <> 'skip' and (v.valid or v.invalid_reason <> 'daily_cap')`,
    );
    const fromRows = new Map<string, number>();
    for (const v of stored) {
      const scopes = countedScopes(
        { teamId: v.left_team, modelId: v.left_model },
        { teamId: v.right_team, modelId: v.right_model },
      );
      for (const s of scopes) fromRows.set(s, (fromRows.get(s) ?? 0) + 2);
    }
    expect(Object.fromEntries(fromRows)).toEqual(Object.fromEntries(expected));
  });

  it('pair tallies hold exactly the counted outcomes, pair by pair', async () => {
    const expected = new Map<string, { low_wins: number; high_wins: number; ties: number }>();
    for (const v of counted()) {
      const [low, high] = v.left < v.right ? [v.left, v.right] : [v.right, v.left];
      const tally = expected.get(`${low}|${high}`) ?? { low_wins: 0, high_wins: 0, ties: 0 };
      const winner = v.outcome === 'left' ? v.left : v.outcome === 'right' ? v.right : null;
      if (winner === null) tally.ties++;
      else if (winner === low) tally.low_wins++;
      else tally.high_wins++;
      expected.set(`${low}|${high}`, tally);
    }
    const stored = await rows<{ low_id: string; high_id: string; low_wins: number; high_wins: number; ties: number }>(
      t,
      sql`select low_id::text, high_id::text, low_wins, high_wins, ties from pair_stats`,
    );
    expect(
      Object.fromEntries(
        stored.map((p) => [`${p.low_id}|${p.high_id}`, { low_wins: p.low_wins, high_wins: p.high_wins, ties: p.ties }]),
      ),
    ).toEqual(Object.fromEntries(expected));
    const total = stored.reduce((n, p) => n + p.low_wins + p.high_wins + p.ties, 0);
    expect(total).toBe(counted().length);
  });
});
