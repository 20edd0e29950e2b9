/**
 * Vote limits as a client sees them (docs/ranking.md §6; docs/security.md item 17): the per-voter and per-IP rate limits
 * in memory and shared by two processes through Redis, the daily cap, and votes still taken with Redis
 * down. Runs on PGlite and PostgreSQL; the Redis suite needs the local Redis (test/redis.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import {
  type Client,
  chain,
  claimsOf,
  duelOf,
  pairOf,
  post,
  randomIp,
  ratingsOf,
  rows,
  visitor,
  vote,
  votesOfDuel,
  votesOfVoter,
} from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';

const MINUTE_MS = 60_000;

// ————————————————————————————— in memory: 5 votes per minute per voter, 3 counted per day —————————————————————————————

describe('rate limits and the daily cap', () => {
  let limited: TestApp;
  let limitedCatalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    limited = await createTestApp({ VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '5', VOTE_DAILY_CAP: '3' });
    limitedCatalogue = await seedCatalogue(limited.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021] });
  });
  afterAll(async () => limited?.close());

  it('answers the 6th vote of one voter within the minute with 429, localised, with Retry-After; a minute on, it is taken', async () => {
    const me = visitor(limited);
    const { responses, pending } = await chain(limited, me, 5);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const en = await post(limited, me, { token: pending.token, outcome: 'left' }, { lang: 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.headers['retry-after']).toBe('60');
    expect(en.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Wait 60 seconds and try again.',
    });
    const pt = await post(limited, me, { token: pending.token, outcome: 'left' }, { lang: 'pt-BR' });
    expect(pt.statusCode).toBe(429);
    expect(pt.json().message).toBe('Muitas tentativas. Aguarde 60 segundos e tente novamente.');
    expect(await votesOfVoter(limited, me.key)).toBe(5);
    // Another voter on the same network is not affected.
    const neighbour = visitor(limited, me.ip);
    expect((await vote(limited, neighbour, (await duelOf(limited, neighbour)).token)).statusCode).toBe(200);
    // The window is fixed from the first vote: a minute after it, the refused duel is taken.
    limited.clock.advance(MINUTE_MS);
    const later = await vote(limited, me, pending.token);
    expect(later.statusCode, later.body).toBe(200);
    expect(await votesOfVoter(limited, me.key)).toBe(6);
  });

  it('limits one IP to 4 × the per-voter rate, whatever voter ids it sends', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const v = visitor(limited, ip);
      const res = await vote(limited, v, (await duelOf(limited, v)).token);
      expect(res.statusCode, `vote ${i + 1}: ${res.body}`).toBe(200);
    }
    const v = visitor(limited, ip);
    const res = await vote(limited, v, (await duelOf(limited, v)).token);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await votesOfVoter(limited, v.key)).toBe(0);
    // The same voter id from another address is fine.
    const moved = { ...v, ip: randomIp() };
    expect((await vote(limited, moved, (await duelOf(limited, moved)).token)).statusCode).toBe(200);
  });

  it('behind one proxy (TRUST_PROXY=true) a client cannot dodge the per-IP limit with a forged X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '5' });
    try {
      await seedCatalogue(proxied.db, { teams: 1, models: ['Home'], seasons: [2020, 2021] });
      // The proxy at 10.0.0.1 appends the address it saw; whatever the client put in front is theirs.
      const through = (v: Client) => ({
        ...v,
        ip: '10.0.0.1',
        headers: { ...v.headers, 'x-forwarded-for': `${randomIp()}, 203.0.113.7` },
      });
      for (let i = 0; i < 20; i++) {
        const v = through(visitor(proxied));
        const res = await vote(proxied, v, (await duelOf(proxied, v)).token);
        expect(res.statusCode, `vote ${i + 1}: ${res.body}`).toBe(200);
      }
      const v = through(visitor(proxied));
      const refused = await vote(proxied, v, (await duelOf(proxied, v)).token);
      expect(refused.statusCode, refused.body).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('stores the 4th vote of the day in a scope as invalid (daily_cap), counted:false, without moving ratings', async () => {
    const me = visitor(limited);
    const { responses, pending } = await chain(limited, me, 3);
    expect(responses.map((r) => [r.statusCode, r.json().counted])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    const { duelId, left, right } = claimsOf(pending.token);
    const ratingsBefore = await ratingsOf(limited, [left, right]);
    const pairBefore = await pairOf(limited, left, right);
    const fourth = await vote(limited, me, pending.token);
    expect(fourth.statusCode, fourth.body).toBe(200);
    const body = fourth.json();
    expect(body.counted).toBe(false);
    expect(body.left.change).toBe(0);
    expect(body.right.change).toBe(0);
    expect((await votesOfDuel(limited, duelId))[0]).toMatchObject({
      outcome: 'left',
      valid: false,
      invalid_reason: 'daily_cap',
    });
    expect(await ratingsOf(limited, [left, right])).toEqual(ratingsBefore);
    expect(await pairOf(limited, left, right)).toEqual(pairBefore);
    // Skips never count, so they are not refused for the cap either.
    const skip = await post(limited, me, { token: body.next.duel.token, outcome: 'skip' });
    expect(skip.statusCode).toBe(200);
    expect((await votesOfDuel(limited, claimsOf(body.next.duel.token).duelId))[0]).toMatchObject({ valid: true });
  });

  it('counts exactly the daily cap when one voter’s votes arrive at once', async () => {
    const me = visitor(limited);
    const duels = await Promise.all(Array.from({ length: 5 }, () => duelOf(limited, me)));
    const answers = await Promise.all(duels.map((d) => vote(limited, me, d.token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().counted).length).toBe(3);
    const [row] = await rows<{ valid: number; capped: number }>(
      limited,
      sql`select count(*) filter (where valid)::int as valid, count(*) filter (where not valid)::int as capped
            from votes where voter_key = ${me.key}`,
    );
    expect(row).toEqual({ valid: 3, capped: 2 });
  });

  // A retried vote (double tap, network retry) must not burn one of the voter's counted votes for the day.
  it('does not spend the daily cap on a replayed duel token (409)', async () => {
    const me = visitor(limited);
    const first = await duelOf(limited, me);
    const a = await vote(limited, me, first.token);
    expect(a.json().counted).toBe(true);
    expect((await vote(limited, me, first.token)).statusCode).toBe(409);
    const b = await vote(limited, me, a.json().next.duel.token);
    expect(b.json().counted).toBe(true);
    const c = await vote(limited, me, b.json().next.duel.token);
    expect(c.statusCode).toBe(200);
    // Only the third stored vote: it must count.
    expect(c.json().counted).toBe(true);
  });

  // Every vote counts in the global ranking, so a voter over the cap must not keep moving it through team duels.
  it('does not let a voter over the global cap keep moving global ratings through team duels', async () => {
    const me = visitor(limited);
    const { responses } = await chain(limited, me, 4);
    expect(responses.at(-1)!.json().counted).toBe(false);
    const team = limitedCatalogue.teams[0]!;
    const duel = await duelOf(limited, me, `?team=${team.slug}`);
    const { left, right } = claimsOf(duel.token);
    const globalBefore = (await ratingsOf(limited, [left, right])).filter((r) => r.scope === 'global');
    const res = await vote(limited, me, duel.token);
    expect(res.statusCode).toBe(200);
    const globalAfter = (await ratingsOf(limited, [left, right])).filter((r) => r.scope === 'global');
    expect(globalAfter).toEqual(globalBefore);
  });

  // Last in this block: it moves the app's clock to the next day.
  it('counts a capped voter’s votes again from the next UTC day', async () => {
    const me = visitor(limited);
    const { responses } = await chain(limited, me, 4);
    expect(responses.map((r) => r.json().counted)).toEqual([true, true, true, false]);
    // Still capped at the last millisecond of the day…
    const now = limited.clock.now();
    limited.clock.advance(Date.UTC(...utcDate(now), 24) - 1 - now);
    const late = await vote(limited, me, (await duelOf(limited, me)).token);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().counted).toBe(false);
    // …and counted again from midnight UTC.
    limited.clock.advance(1);
    const duel = await duelOf(limited, me);
    const res = await vote(limited, me, duel.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
    expect((await votesOfDuel(limited, claimsOf(duel.token).duelId))[0]).toMatchObject({ valid: true });
  });
});

/** Year, month and day of a time in UTC, as Date.UTC takes them. */
const utcDate = (ms: number): [number, number, number] => {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
};

// ———————————————————————————————————— limits shared by two processes through Redis ————————————————————————————————————

const redisUp = await redisSuitesRun('votes-limits.int.test');

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two processes of one deployment: same secret (so the same IP hash), same Redis.
    const env = {
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      VOTE_MIN_DECISION_MS: '0',
      VOTE_RATE_PER_MINUTE: '5',
    };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    await Promise.all(
      [a, b].map((app) => seedCatalogue(app.db, { teams: 1, models: ['Home'], seasons: [2020, 2021, 2022] })),
    );
    // Until its Redis connection is ready an app fails open (by design); building two PGlite apps at once can
    // hold the event loop past the connect timeout and force a reconnect. Wait until each app refuses a 6th
    // request from one voter, i.e. until it counts in Redis.
    for (const app of [a, b]) await limiterLive(app);
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  /** Polls, with a bound, until the app's limiter counts in Redis (a 6th request from one voter is refused). */
  async function limiterLive(app: TestApp) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const probe = visitor(app);
      let last = 0;
      for (let i = 0; i < 6; i++) last = (await vote(app, probe, 'not-a-token')).statusCode;
      if (last === 429) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the vote limiter never reached Redis');
  }

  it('counts one voter’s votes on both: 5 on app A make app B refuse the 6th', async () => {
    const me = visitor(a);
    for (let i = 0; i < 5; i++) {
      const res = await vote(a, me, (await duelOf(a, me)).token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const onB = await vote(b, me, (await duelOf(b, me)).token);
    expect(onB.statusCode, onB.body).toBe(429);
    expect(onB.json().code).toBe('TOO_MANY_REQUESTS');
    const other = visitor(b);
    expect((await vote(b, other, (await duelOf(b, other)).token)).statusCode).toBe(200);
  });

  it('counts one IP on both: 10 votes on A and 10 on B, the 21st is refused on either', async () => {
    const ip = randomIp();
    for (const app of [a, b])
      for (let i = 0; i < 10; i++) {
        const v = visitor(app, ip);
        expect((await vote(app, v, (await duelOf(app, v)).token)).statusCode).toBe(200);
      }
    for (const app of [a, b]) {
      const v = visitor(app, ip);
      expect((await vote(app, v, (await duelOf(app, v)).token)).statusCode).toBe(429);
    }
  });
});

describe('with Redis down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the limiter fails open rather than refusing every vote.
    down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', VOTE_MIN_DECISION_MS: '0' });
    await seedCatalogue(down.db, { teams: 1, models: ['Home'], seasons: [2020, 2021] });
  });
  afterAll(async () => down?.close());

  it('still takes votes', async () => {
    const me = visitor(down);
    const res = await vote(down, me, (await duelOf(down, me)).token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
    expect(await votesOfVoter(down, me.key)).toBe(1);
  });
});
