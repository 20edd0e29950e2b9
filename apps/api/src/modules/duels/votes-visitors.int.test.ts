/**
 * What a visitor's identity costs (docs/ranking.md §1, §6; docs/security.md item 17): server-signed visitor ids,
 * issued to every visitor who asks however many share an address (ADR 0028), and the daily counted caps per
 * address and per network that stop one machine from counting ≈172 800 votes a day by sending a fresh
 * X-Voter-Id with every vote. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDuelResponse } from '@manto/contracts';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { votes } from '#db/schema/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import {
  type Client,
  claimsOf,
  duelOf,
  issueVisitorId,
  issuedVisitor,
  member,
  nextDuel,
  moderator,
  post,
  randomIp,
  rows,
  visitor,
  think,
  vote,
  votesOfDuel,
} from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { VisitorIds } from './visitor-id.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** VOTE_DAILY_CAP in these apps; a visitor's address may count 2 × this a day, its network 5 × this. */
const VOTER_CAP = 3;
const ADDRESS_CAP = 2 * VOTER_CAP;
const NETWORK_CAP = 5 * VOTER_CAP;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    VOTE_MIN_DECISION_MS: '0',
    VOTE_RATE_PER_MINUTE: '1000',
    VOTE_DAILY_CAP: String(VOTER_CAP),
  });
  await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
  // Start one hour into a UTC day, so the hours a test moves through stay within one day.
  const now = t.clock.now();
  t.clock.advance(DAY_MS - (now % DAY_MS) + HOUR_MS);
});
afterAll(async () => t?.close());

/** A random /24 as its first three octets, e.g. "10.7.42". */
const randomNet = () => randomIp().split('.').slice(0, 3).join('.');

/** One vote on a fresh duel; the answer's `counted`. */
async function countedVote(app: TestApp, c: Client): Promise<boolean> {
  const res = await vote(app, c, (await duelOf(app, c)).token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().counted;
}

describe('visitor ids', () => {
  it('are issued signed to every visitor who asks, however many share an address: never a 429 (ADR 0028)', async () => {
    const ip = randomIp();
    const ids = [];
    // A stadium's or a carrier's worth of browsers behind one address, within one hour.
    for (let i = 0; i < 60; i++) {
      const res = await issueVisitorId(t, ip);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      ids.push(res.json().voterId);
    }
    expect(new Set(ids).size).toBe(60);
    for (const id of ids) expect(id).toMatch(/^v1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    // The same through a dual-stack socket, and a whole IPv6 /64.
    expect((await issueVisitorId(t, `::ffff:${ip}`)).statusCode).toBe(200);
    for (let i = 1; i <= 20; i++) expect((await issueVisitorId(t, `2001:db8:8:1::${i}`)).statusCode).toBe(200);
  });

  it('are the only visitor ids duels and votes take: missing, unsigned, forged or foreign ones are 400, localised', async () => {
    const me = await issuedVisitor(t);
    const duel = await duelOf(t, me);
    const [, uuid, mac] = me.headers['x-voter-id']!.split('.');
    const refusals: [string | undefined, string][] = [
      [undefined, 'VOTER_REQUIRED'],
      // A browser-made id from before signed ids: the client fetches a new one.
      [uuid!, 'VOTER_ID_INVALID'],
      [`v1.${randomUUID()}.${mac}`, 'VOTER_ID_INVALID'],
      [`v1.${uuid}.${'A'.repeat(22)}`, 'VOTER_ID_INVALID'],
      [`v2.${uuid}.${mac}`, 'VOTER_ID_INVALID'],
      // Signed by another deployment (another secret).
      [new VisitorIds('another deployment’s secret').issue(), 'VOTER_ID_INVALID'],
    ];
    const before = await t.count('votes');
    for (const [id, code] of refusals) {
      const c: Client = { ...me, headers: id === undefined ? {} : { 'x-voter-id': id } };
      // Without an id a duel comes with a fresh one (ADR 0023; tested below); a vote needs one.
      if (id !== undefined) {
        const next = await t.inject({ method: 'GET', url: '/api/duels/next', headers: c.headers, remoteAddress: c.ip });
        expect([next.statusCode, next.json().code], `${id}`).toEqual([400, code]);
      }
      const en = await post(t, c, { token: duel.token, outcome: 'left' }, { lang: 'en' });
      expect([en.statusCode, en.json().code], `${id}`).toEqual([400, code]);
      const pt = await post(t, c, { token: duel.token, outcome: 'left' }, { lang: 'pt-BR' });
      expect(pt.json().message).not.toBe(en.json().message);
    }
    const en = await post(
      t,
      { ...me, headers: { 'x-voter-id': uuid! } },
      { token: duel.token, outcome: 'left' },
      {
        lang: 'en',
      },
    );
    expect(en.json().message).toBe('Invalid or outdated visitor id. Load a new duel.');
    expect(await t.count('votes')).toBe(before);
    // The issued id itself works, for this duel and the next.
    const res = await vote(t, me, duel.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.json().next.duel.token).voterKey).toBe(me.key);
  });

  it('come with the first duel of a visitor who asks without one, bound to its token, and vote (ADR 0023)', async () => {
    const ip = randomIp();
    const res = await t.inject({ method: 'GET', url: '/api/duels/next', remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(nextDuelResponse.parse(body)).toEqual(body);
    const id: string = body.voterId;
    const uuid = new VisitorIds(t.config.jwtSecret).verify(id);
    expect(uuid).not.toBeNull();
    const me: Client = { headers: { 'x-voter-id': id }, ip, key: `v:${uuid}` };
    expect(claimsOf(body.duel.token).voterKey).toBe(me.key);
    const voted = await vote(t, me, body.duel.token);
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json().counted).toBe(true);
    expect(voted.json().next).not.toHaveProperty('voterId');
    // With its id, the visitor's next duels bring no other.
    const again = await t.inject({ method: 'GET', url: '/api/duels/next', headers: me.headers, remoteAddress: ip });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).not.toHaveProperty('voterId');
    expect(claimsOf(again.json().duel.token).voterKey).toBe(me.key);
    // Another id-less visitor gets another id; a member never gets one.
    const other = await t.inject({ method: 'GET', url: '/api/duels/next', remoteAddress: randomIp() });
    expect(other.json().voterId).not.toBe(id);
    const m = await member(t);
    const asMember = await t.inject({ method: 'GET', url: '/api/duels/next', headers: m.headers, remoteAddress: ip });
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json()).not.toHaveProperty('voterId');
  });

  it('do not matter to members, who are known by their account', async () => {
    const m = await member(t);
    const c = { ...m, headers: { ...m.headers, 'x-voter-id': 'forged' } };
    expect(await countedVote(t, c)).toBe(true);
  });
});

describe('a shared address, with the default limits (issue 27 §1, ADR 0028)', () => {
  /** VOTE_DAILY_CAP here: the address counts 2 × this a day. Every other limit is the default. */
  const SHARED_CAP = 10;
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ VOTE_DAILY_CAP: String(SHARED_CAP) });
    await seedCatalogue(s.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
    const now = s.clock.now();
    s.clock.advance(DAY_MS - (now % DAY_MS) + HOUR_MS);
  });
  afterAll(async () => s?.close());

  it('come with a duel for 40 fresh visitors behind one address, who each vote once: all 2xx, and the address counts at most its cap (issue 27)', async () => {
    const ip = randomIp();
    // Forty browsers without storage open the home page within a minute, each asking for a duel without an id.
    const opened = await Promise.all(
      Array.from({ length: 40 }, () =>
        s.inject({ method: 'GET', url: '/api/duels/next', remoteAddress: ip, headers: { 'accept-language': 'en' } }),
      ),
    );
    expect(opened.map((r) => r.statusCode)).toEqual(opened.map(() => 200));
    const visitors = opened.map((r) => {
      const body = r.json();
      expect(body.duel).not.toBeNull();
      const id: string = body.voterId;
      return { client: { headers: { 'x-voter-id': id }, ip, key: `v:${id.split('.')[1]}` }, token: body.duel.token };
    });
    expect(new Set(visitors.map((v) => v.client.key)).size).toBe(40);
    think(s);
    const answers = await Promise.all(visitors.map((v) => vote(s, v.client, v.token)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    // Every vote is stored; the address's daily budget decides how many count.
    const counted = answers.filter((r) => r.json().counted).length;
    expect(counted).toBe(2 * SHARED_CAP);
    const [stored] = await rows<{ n: number; valid: number }>(
      s,
      sql`select count(*)::int as n, (count(*) filter (where valid))::int as valid from votes where duel_id in (${sql.join(
        visitors.map((v) => sql`${claimsOf(v.token).duelId}::uuid`),
        sql`, `,
      )})`,
    );
    expect(stored).toEqual({ n: 40, valid: 2 * SHARED_CAP });
    // Each of them keeps voting with the id it was given; an unknown scope costs nothing and is still a 404.
    expect((await nextDuel(s, visitors[0]!.client)).duel).not.toBeNull();
    const unknown = await s.inject({ method: 'GET', url: '/api/duels/next?team=nobody', remoteAddress: ip });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets one visitor vote once a second for a minute without a 429 (the per-voter rate is 60 a minute)', async () => {
    const me = await issuedVisitor(s);
    let duel = await duelOf(s, me);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      s.clock.advance(1_000);
      const res = await vote(s, me, duel.token);
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) break;
      duel = res.json().next.duel;
    }
    expect(statuses).toEqual(Array.from({ length: 60 }, () => 200));
  });
});

describe('daily counted caps per address and per network (the stuffing probe)', () => {
  it('one address minting a fresh id for every vote counts at most the address cap a day; the rest are stored uncounted', async () => {
    const ip = randomIp();
    const answers: { counted: boolean; change: number }[] = [];
    const duelIds: string[] = [];
    let refusedIds = 0;
    // Three hours of minting a fresh id for every vote, ten an hour (ids are never refused: ADR 0028).
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 10; i++) {
        const res = await issueVisitorId(t, ip);
        expect(res.statusCode, res.body).toBe(200);
        const id: string = res.json().voterId;
        const c = { headers: { 'x-voter-id': id }, ip, key: `v:${id.split('.')[1]}` };
        const duel = await duelOf(t, c);
        duelIds.push(claimsOf(duel.token).duelId);
        const body = (await vote(t, c, duel.token)).json();
        answers.push({ counted: body.counted, change: Math.abs(body.left.change) + Math.abs(body.right.change) });
      }
      // Forged ids on top: refused, nothing stored.
      const forged = { headers: { 'x-voter-id': `v1.${randomUUID()}.${'x'.repeat(22)}` }, ip, key: '' };
      expect((await post(t, forged, { token: 'x', outcome: 'left' })).statusCode).toBe(400);
      expect(
        (await post(t, { ...forged, headers: { 'x-voter-id': randomUUID() } }, { token: 'x', outcome: 'left' }))
          .statusCode,
      ).toBe(400);
      refusedIds += 2;
      t.clock.advance(HOUR_MS);
    }
    expect(answers).toHaveLength(30);
    expect(refusedIds).toBe(6);
    expect(answers.filter((a) => a.counted)).toHaveLength(ADDRESS_CAP);
    // Uncounted votes moved no rating.
    expect(answers.filter((a) => !a.counted).every((a) => a.change === 0)).toBe(true);
    const stored = await rows<{ valid: boolean; invalid_reason: string | null; n: number }>(
      t,
      sql`select valid, invalid_reason, count(*)::int as n from votes
           where duel_id in (${sql.join(
             duelIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
           group by valid, invalid_reason order by valid`,
    );
    expect(stored).toEqual([
      { valid: false, invalid_reason: 'daily_cap', n: 30 - ADDRESS_CAP },
      { valid: true, invalid_reason: null, n: ADDRESS_CAP },
    ]);
    // The next UTC day the address counts again.
    t.clock.advance(DAY_MS);
    expect(await countedVote(t, visitor(t, ip))).toBe(true);
  });

  it('shares the network cap with /24 neighbours; another network is unaffected; a member there keeps their own cap', async () => {
    const net = randomNet();
    const counted: Record<string, number> = {};
    // Three neighbours each try twice their address cap with fresh ids: the /24 counts NETWORK_CAP in all.
    for (const host of [1, 2, 3]) {
      const ip = `${net}.${host}`;
      counted[ip] = 0;
      for (let i = 0; i < 2 * ADDRESS_CAP; i++) if (await countedVote(t, visitor(t, ip))) counted[ip]++;
    }
    expect(Object.values(counted)).toEqual([ADDRESS_CAP, ADDRESS_CAP, NETWORK_CAP - 2 * ADDRESS_CAP]);
    // A fourth neighbour who never voted today: the network is spent.
    expect(await countedVote(t, visitor(t, `${net}.200`))).toBe(false);
    // The same network seen as IPv4-mapped IPv6 is the same network.
    expect(await countedVote(t, visitor(t, `::ffff:${net}.201`))).toBe(false);
    // Another /24 counts as usual.
    expect(await countedVote(t, visitor(t, `${randomNet()}.1`))).toBe(true);
    // A member on the spent address keeps the per-voter cap of their own.
    const m = await member(t);
    const onSpent = { ...m, ip: `${net}.1` };
    const mine = [];
    for (let i = 0; i < VOTER_CAP + 1; i++) mine.push(await countedVote(t, onSpent));
    expect(mine).toEqual([true, true, true, false]);
  });

  it('holds the address cap exactly when one address’s votes arrive at once', async () => {
    const ip = randomIp();
    const voters = Array.from({ length: 3 * ADDRESS_CAP }, () => visitor(t, ip));
    const duels = await Promise.all(voters.map((v) => duelOf(t, v)));
    const answers = await Promise.all(voters.map((v, i) => vote(t, v, duels[i]!.token)));
    expect(answers.map((r) => r.statusCode)).toEqual(voters.map(() => 200));
    expect(answers.filter((r) => r.json().counted)).toHaveLength(ADDRESS_CAP);
    const [valid] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from votes where valid and duel_id in (${sql.join(
        duels.map((d) => sql`${claimsOf(d.token).duelId}::uuid`),
        sql`, `,
      )})`,
    );
    expect(valid!.n).toBe(ADDRESS_CAP);
  });

  it('spends nothing of the address on skips, replays, or votes over the voter’s own cap', async () => {
    const ip = randomIp();
    const me = visitor(t, ip);
    const d = await duelOf(t, me);
    expect((await post(t, me, { token: d.token, outcome: 'skip' })).statusCode).toBe(200);
    expect((await vote(t, me, d.token)).statusCode).toBe(409);
    // The voter's own cap, then two more of theirs that do not count.
    const mine = [];
    for (let i = 0; i < VOTER_CAP + 2; i++) mine.push(await countedVote(t, me));
    expect(mine).toEqual([true, true, true, false, false]);
    // The household still has ADDRESS_CAP − VOTER_CAP counted votes left.
    const others = [];
    for (let i = 0; i < ADDRESS_CAP - VOTER_CAP + 1; i++) others.push(await countedVote(t, visitor(t, ip)));
    expect(others).toEqual([true, true, true, false]);
    const [row] = await votesOfDuel(t, claimsOf(d.token).duelId);
    expect(row).toMatchObject({ outcome: 'skip', valid: true });
  });
});

describe('outlier networks', () => {
  let r: TestApp;
  let order: Map<string, number>;
  let mod: Record<string, string>;
  beforeAll(async () => {
    // The fits happen when the test says: no background ranking job.
    r = await createTestApp(
      { VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '1000', RANKING_INTERVAL_SECONDS: '86400' },
      {},
      { scheduledRanking: false },
    );
    const { jerseys } = await seedCatalogue(r.db, {
      teams: 1,
      models: ['Home', 'Away'],
      seasons: [2019, 2020, 2021, 2022],
    });
    mod = await moderator(r);
    // A clear crowd order, written straight to the table: each jersey beats every later one three times.
    order = new Map(jerseys.map((j, i) => [j.id, i]));
    const crowd = jerseys.flatMap((w, i) =>
      jerseys.slice(i + 1).flatMap((l) =>
        [0, 1, 2].map((k) => ({
          duelId: randomUUID(),
          scope: 'global',
          leftId: k % 2 ? l.id : w.id,
          rightId: k % 2 ? w.id : l.id,
          outcome: k % 2 ? 'right' : 'left',
          voterKey: `v:crowd-${k}`,
          issuedAt: new Date(Date.now() - 5000),
        })),
      ),
    );
    await r.db.insert(votes).values(crowd);
    await rebuildPairStats(r.db);
    await r.fitRankings({ force: true });
  });
  afterAll(async () => r?.close());

  /** 15 visitors of one /24, each with a fresh id and two decisive votes: too few for any one to be judged. */
  async function freshIdsVote(net: string, against: boolean): Promise<string[]> {
    const duelIds: string[] = [];
    for (let k = 0; k < 15; k++) {
      const v = visitor(r, `${net}.${1 + (k % 3)}`);
      let duel = await duelOf(r, v);
      for (let i = 0; i < 2; i++) {
        const crowdSide = order.get(duel.left.id)! < order.get(duel.right.id)! ? 'left' : 'right';
        const outcome = against ? (crowdSide === 'left' ? 'right' : 'left') : crowdSide;
        const res = await vote(r, v, duel.token, outcome);
        expect(res.statusCode, res.body).toBe(200);
        duelIds.push(claimsOf(duel.token).duelId);
        duel = res.json().next.duel;
      }
    }
    return duelIds;
  }

  const validity = async (duelIds: string[]) =>
    rows<{ valid: boolean; invalid_reason: string | null; n: number }>(
      r,
      sql`select valid, invalid_reason, count(*)::int as n from votes where duel_id in (${sql.join(
        duelIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) group by valid, invalid_reason`,
    );

  const flags = async () =>
    (await r.inject({ method: 'GET', url: '/api/manage/votes/flags', headers: mod })).json().items as {
      id: string;
      voter: string;
      reason: string;
      votes: number;
      zScore: number;
      restoredAt: string | null;
    }[];

  it('flags a network whose fresh-id visitors pick against the crowd, sets its votes aside at the fit, and a moderator restores them for good', async () => {
    const stuffed = await freshIdsVote(randomNet(), true);
    const honest = await freshIdsVote(randomNet(), false);
    await r.fitRankings();
    const flagged = await flags();
    // No single visitor had enough votes to be judged; their network did.
    expect(flagged.map((f) => [f.voter.split('-')[0], f.reason, f.votes])).toEqual([
      ['network', 'network_outlier', 30],
    ]);
    expect(flagged[0]!.zScore).toBeLessThan(-4);
    expect(await validity(stuffed)).toEqual([{ valid: false, invalid_reason: 'network_outlier', n: 30 }]);
    expect(await validity(honest)).toEqual([{ valid: true, invalid_reason: null, n: 30 }]);

    const restore = await r.inject({
      method: 'POST',
      url: `/api/manage/votes/flags/${flagged[0]!.id}/restore`,
      headers: mod,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().restored).toBe(30);
    await r.fitRankings({ force: true });
    const after = await flags();
    expect(after).toHaveLength(1);
    expect(after[0]!.restoredAt).not.toBeNull();
    expect(await validity(stuffed)).toEqual([{ valid: true, invalid_reason: null, n: 30 }]);
  });
});
