/**
 * Group commit (docs/decisions/0019-vote-path.md): votes written together in one statement
 * (DuelRepository.storeVotes) end as if they had been stored one after another in the batch's order — each
 * with its own result, replays refused without spending anything, and every daily cap exact. Runs on PGlite
 * and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { rows } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { DuelRepository, type StoreResult, type VoteToStore } from './repository.ts';

const VOTER_CAP = 3;
const ADDRESS_CAP = 4;
const NETWORK_CAP = 5;

let t: TestApp;
let repo: DuelRepository;
let jerseys: SeededJersey[];
beforeAll(async () => {
  t = await createTestApp();
  repo = new DuelRepository(t.db);
  ({ jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2020, 2021, 2022] }));
});
afterAll(async () => t?.close());

let nextDay = 0;
/** A UTC day of its own per use, so counters start at zero. */
const freshDay = () => new Date(Date.UTC(2030, 0, 1 + nextDay++)).toISOString().slice(0, 10);

/** A vote on the first two jerseys; a visitor (with address and network caps) unless `member`. */
function aVote(
  o: { voter: string; day: string; address?: string; network?: string; member?: boolean; outcome?: 'left' | 'skip' },
  duelId: string = randomUUID(),
): VoteToStore {
  const [left, right] = [jerseys[0]!.id, jerseys[1]!.id];
  const outcome = o.outcome ?? 'left';
  const at = new Date(`${o.day}T12:00:00Z`);
  return {
    duelId,
    scope: 'global',
    leftId: left,
    rightId: right,
    outcome,
    skipReason: null,
    voterKey: o.voter,
    userId: null,
    ipHash: o.address ?? 'addr',
    networkKey: o.network ?? 'net',
    userAgent: null,
    issuedAt: new Date(at.getTime() - 5_000),
    answeredAt: at,
    fast: false,
    day: o.day,
    dailyCap: VOTER_CAP,
    placeCaps: o.member
      ? null
      : {
          address: o.address ?? 'addr',
          addressCap: ADDRESS_CAP,
          network: o.network ?? 'net',
          networkCap: NETWORK_CAP,
        },
    changes:
      outcome === 'skip'
        ? []
        : [
            { scope: 'global', jerseyId: left, delta: 8 },
            { scope: 'global', jerseyId: right, delta: -8 },
          ],
    match: null,
  };
}

const counters = (day: string) =>
  rows<{ voter_key: string; counted: number }>(
    t,
    sql`select voter_key, counted from voter_days where day = ${day} order by voter_key`,
  );
const outcomeOf = (r: StoreResult) => (r.status === 'stored' ? (r.valid ? 'counted' : 'capped') : r.status);

describe('a batch of votes in one statement', () => {
  it('refuses the replay in a batch (spending nothing) and stores the others, each with its own result', async () => {
    const day = freshDay();
    const first = aVote({ voter: 'v:replayer', day, member: true });
    expect(outcomeOf(await repo.storeVote(first))).toBe('counted');
    const pairBefore = await rows<{ n: number }>(t, sql`select low_wins + high_wins + ties as n from pair_stats`);

    const batch = [
      aVote({ voter: 'v:a', day, member: true }),
      aVote({ voter: 'v:replayer', day, member: true }, first.duelId),
      aVote({ voter: 'v:b', day, member: true }),
    ];
    const results = await repo.storeVotes(batch);
    expect(results.map(outcomeOf)).toEqual(['counted', 'replayed', 'counted']);
    // The replay wrote no row and spent nothing of its voter's day.
    expect(await rows(t, sql`select count(*)::int as n from votes where duel_id = ${first.duelId}`)).toEqual([
      { n: 1 },
    ]);
    expect(await counters(day)).toEqual([
      { voter_key: 'v:a', counted: 1 },
      { voter_key: 'v:b', counted: 1 },
      { voter_key: 'v:replayer', counted: 1 },
    ]);
    // The two stored votes moved the pair's tally by two, and each answer shows the tally after the batch.
    const [after] = await rows<{ n: number }>(t, sql`select low_wins + high_wins + ties as n from pair_stats`);
    expect(after!.n).toBe(pairBefore[0]!.n + 2);
    for (const r of [results[0]!, results[2]!]) {
      if (r.status !== 'stored') throw new Error('not stored');
      expect(r.pair.low_wins + r.pair.high_wins + r.pair.ties).toBe(after!.n);
      expect(r.ratings).toHaveLength(2);
    }
  });

  it('answers votes that count for nothing with the pair’s tally as it stands', async () => {
    const day = freshDay();
    expect(outcomeOf(await repo.storeVote(aVote({ voter: 'v:tally', day, member: true })))).toBe('counted');
    const tally = await rows<{ low_wins: number; high_wins: number; ties: number }>(
      t,
      sql`select low_wins, high_wins, ties from pair_stats`,
    );
    expect(tally).toHaveLength(1);
    // Only skips: the batch upserts no pair, so each answer reads the stored tally by its key.
    const results = await repo.storeVotes([
      aVote({ voter: 'v:skip1', day, member: true, outcome: 'skip' }),
      aVote({ voter: 'v:skip2', day, member: true, outcome: 'skip' }),
    ]);
    for (const r of results) {
      if (r.status !== 'stored') throw new Error('not stored');
      expect(r.pair).toEqual(tally[0]);
    }
  });

  it('holds the voter, address and network caps exactly, as the same votes one after another do', async () => {
    // Two days, the same votes: one day in one batch, the other one vote at a time.
    const scenario = (day: string) => {
      const other = `other-${day}`;
      return {
        before: [
          aVote({ voter: 'v:x', day }),
          aVote({ voter: 'v:x', day }),
          aVote({ voter: 'v:w', day, network: 'net', address: other }),
          aVote({ voter: 'v:w', day, network: 'net', address: other }),
        ],
        batch: [
          aVote({ voter: 'v:x', day }), // x's 3rd: fits x, address 3, network 5 → counted
          aVote({ voter: 'v:y1', day }), // address 4 → fits; network 6 → over
          aVote({ voter: 'v:y2', day }), // address 5 → over; the network is not spent
          aVote({ voter: 'v:y3', day, outcome: 'skip' }), // skips count for nobody and spend nothing
          aVote({ voter: 'u:m', day, member: true }), // members keep their own cap only
          aVote({ voter: 'v:y4', day, address: other }), // the other address: 3 → fits; network 7 → over
        ],
      };
    };
    const oneByOne = async (vs: VoteToStore[]) => {
      const out = [];
      for (const v of vs) out.push(await repo.storeVote(v));
      return out;
    };

    const batchedDay = freshDay();
    const batched = scenario(batchedDay);
    await oneByOne(batched.before);
    const inBatch = await repo.storeVotes(batched.batch);

    const serialDay = freshDay();
    const serial = scenario(serialDay);
    await oneByOne(serial.before);
    const alone = await oneByOne(serial.batch);

    expect(inBatch.map(outcomeOf)).toEqual(['counted', 'capped', 'capped', 'counted', 'counted', 'capped']);
    expect(alone.map(outcomeOf)).toEqual(inBatch.map(outcomeOf));
    const strip = (day: string) => async () =>
      (await counters(day)).map((c) => ({ ...c, voter_key: c.voter_key.replace(day, 'day') }));
    expect(await strip(batchedDay)()).toEqual(await strip(serialDay)());
    expect(await strip(batchedDay)()).toEqual([
      { voter_key: 'ip:addr', counted: 5 },
      { voter_key: 'ip:other-day', counted: 3 },
      { voter_key: 'net:net', counted: 7 },
      { voter_key: 'u:m', counted: 1 },
      { voter_key: 'v:w', counted: 2 },
      { voter_key: 'v:x', counted: 3 },
      { voter_key: 'v:y1', counted: 1 },
      { voter_key: 'v:y2', counted: 1 },
      { voter_key: 'v:y4', counted: 1 },
    ]);
    // Stored rows: every vote taken, the capped ones marked daily_cap.
    const stored = await rows<{ valid: boolean; invalid_reason: string | null }>(
      t,
      sql`select valid, invalid_reason from votes where duel_id in (${sql.join(
        batched.batch.map((v) => sql`${v.duelId}::uuid`),
        sql`, `,
      )}) order by voter_key`,
    );
    expect(stored.filter((r) => !r.valid).map((r) => r.invalid_reason)).toEqual([
      'daily_cap',
      'daily_cap',
      'daily_cap',
    ]);
  });

  it('moves the live ratings by the counted votes’ changes only, summed', async () => {
    const day = freshDay();
    const before = await rows<{ jersey_id: string; rating: number; games: number }>(
      t,
      sql`select jersey_id::text, rating, games from live_ratings where scope = 'global' order by jersey_id`,
    );
    // 2 counted, one over its voter's cap (the voter spent it before), one skip.
    const capped = 'v:capped';
    for (let i = 0; i < VOTER_CAP; i++) await repo.storeVote(aVote({ voter: capped, day, member: true }));
    const mid = await rows<{ jersey_id: string; rating: number; games: number }>(
      t,
      sql`select jersey_id::text, rating, games from live_ratings where scope = 'global' order by jersey_id`,
    );
    expect(mid.map((r) => r.games)).toEqual(before.map((r) => r.games + VOTER_CAP));
    const results = await repo.storeVotes([
      aVote({ voter: 'v:r1', day, member: true }),
      aVote({ voter: capped, day, member: true }),
      aVote({ voter: 'v:r2', day, member: true }),
      aVote({ voter: 'v:r3', day, member: true, outcome: 'skip' }),
    ]);
    expect(results.map(outcomeOf)).toEqual(['counted', 'capped', 'counted', 'counted']);
    const after = await rows<{ jersey_id: string; rating: number; games: number }>(
      t,
      sql`select jersey_id::text, rating, games from live_ratings where scope = 'global' order by jersey_id`,
    );
    const left = jerseys[0]!.id;
    for (const [i, r] of after.entries()) {
      expect(r.games).toBe(mid[i]!.games + 2);
      expect(r.rating).toBeCloseTo(mid[i]!.rating + (r.jersey_id === left ? 16 : -16), 9);
    }
    // The capped vote and the skip answer with no ratings moved; the counted ones with the rows after the batch.
    expect(results[1]).toMatchObject({ status: 'stored', valid: false, ratings: [] });
    expect(results[3]).toMatchObject({ status: 'stored', valid: true, ratings: [] });
    const shown = results[0]!.status === 'stored' ? results[0]!.ratings : [];
    expect(shown.map((r) => r.games).sort()).toEqual(after.map((r) => r.games).sort());
  });
});
