/**
 * What a vote keeps about where it came from, and for how long (ADR 0031, docs/security.md item 34): the address
 * hash, network hash and user agent go once VOTE_TRACE_RETENTION_DAYS are past, and so do old daily vote counts,
 * under a lease; abuse control keeps working (today's caps, a network flag's restore).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease, releaseLease } from '#db/leases.ts';
import { RankingRepository } from '#modules/rankings/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type Client, chain, member, moderator, randomIp, rows, visitor } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let mod: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ VOTE_TRACE_RETENTION_DAYS: '30' });
  await seedCatalogue(t.db, { teams: 3, models: ['Home', 'Away'], seasons: [2001, 2002, 2003] });
  mod = await moderator(t);
});
afterAll(async () => t?.close());

interface Trace {
  duel_id: string;
  ip_hash: string | null;
  network_key: string | null;
  user_agent: string | null;
}
const traces = async (duelIds: string[]) =>
  rows<Trace>(
    t,
    sql`select duel_id, ip_hash, network_key, user_agent from votes
         where duel_id in (${sql.join(
           duelIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) order by id`,
  );
const traced = (v: Trace) => v.ip_hash !== null && v.network_key !== null && v.user_agent !== null;
const untraced = (v: Trace) => v.ip_hash === null && v.network_key === null && v.user_agent === null;

describe('vote traces past the retention period (VOTE_TRACE_RETENTION_DAYS)', () => {
  it('are kept for 30 days, then forgotten by the sweep; newer votes and today’s caps are untouched', async () => {
    const member1 = await member(t);
    const guest = visitor(t, randomIp());
    const old = [...(await duelIdsOf(member1, 2)), ...(await duelIdsOf(guest, 2))];
    expect((await traces(old)).every(traced)).toBe(true);
    const oldDays = await rows<{ n: number }>(t, sql`select count(*)::int as n from voter_days`);
    expect(oldDays[0]!.n).toBeGreaterThan(0);

    t.clock.advance(29 * DAY_MS);
    await t.sweepVoteTraces();
    expect((await traces(old)).every(traced)).toBe(true);

    t.clock.advance(2 * DAY_MS);
    const fresh = await duelIdsOf(visitor(t, randomIp()), 2);
    const swept = await t.sweepVoteTraces();
    expect(swept).toEqual({ votes: 4, days: oldDays[0]!.n });
    expect((await traces(old)).every(untraced)).toBe(true);
    expect((await traces(fresh)).every(traced)).toBe(true);
    // Only today's counts remain, and the caps read nothing else: the same visitor votes on, counted.
    const days = await rows<{ day: string }>(t, sql`select distinct day::text as day from voter_days`);
    expect(days).toEqual([{ day: new Date(t.clock.now()).toISOString().slice(0, 10) }]);
    expect((await chain(t, guest, 1)).responses[0]!.json().counted).toBe(true);
  });

  it('keep the network hash of votes a network flag set aside, so a moderator can still restore them', async () => {
    const network = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const duelIds: string[] = [];
    for (let k = 0; k < 3; k++) duelIds.push(...(await duelIdsOf(visitor(t, `${network}.${k + 1}`), 2)));
    const [{ network_key: key }] = (await traces(duelIds)) as [Trace];
    // Flagged as the ranking job's outlier check does (modules/rankings/outliers.ts).
    await new RankingRepository(t.db).flagOutliers([{ voter_key: `n:${key}`, n: duelIds.length, z: -9 }]);

    t.clock.advance(31 * DAY_MS);
    await t.sweepVoteTraces();
    const afterSweep = await traces(duelIds);
    expect(afterSweep.every((v) => v.ip_hash === null && v.user_agent === null && v.network_key === key)).toBe(true);

    const [flag] = await rows<{ id: string }>(t, sql`select id from voter_flags where voter_key = ${`n:${key}`}`);
    const restore = await t.inject({
      method: 'POST',
      url: `/api/manage/votes/flags/${flag!.id}/restore`,
      headers: mod,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().restored).toBe(duelIds.length);
    // Restored, they are ordinary votes again: the next sweep forgets their network too.
    await t.sweepVoteTraces();
    expect((await traces(duelIds)).every(untraced)).toBe(true);
  });

  it('run in one process at a time: while another holds the lease, a sweep changes nothing', async () => {
    const duelIds = await duelIdsOf(visitor(t, randomIp()), 1);
    t.clock.advance(31 * DAY_MS);
    expect(await acquireLease(t.db, 'vote-traces', 'another-process', 60)).toBe(true);
    expect(await t.sweepVoteTraces()).toBeNull();
    expect((await traces(duelIds)).every(traced)).toBe(true);
    await releaseLease(t.db, 'vote-traces', 'another-process');
    expect((await t.sweepVoteTraces())?.votes).toBe(1);
    expect((await traces(duelIds)).every(untraced)).toBe(true);
  });
});

/** The duel ids of `n` votes cast in a row by `who`, each answered 200. */
async function duelIdsOf(who: Client, n: number): Promise<string[]> {
  const { responses } = await chain(t, who, n);
  expect(responses.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
  const mine = await rows<{ duel_id: string }>(
    t,
    sql`select duel_id from votes where voter_key = ${who.key} order by id desc limit ${n}`,
  );
  return mine.map((v) => v.duel_id);
}

describe('GET /api/privacy', () => {
  it('tells anyone the configured retention, for the privacy page', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ voteTraceRetentionDays: 30 });
  });
});
