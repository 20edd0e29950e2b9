/**
 * The failure store behind the login throttle (docs/security.md item 2, ADR 0011): Redis answers
 * exactly as memory does, two processes never both slip under a limit, and a process whose Redis is
 * gone counts on its own.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type FailureThrottle, MemoryFailureThrottle, RedisFailureThrottle } from './throttle.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';

const silent = pino({ level: 'silent' });

/** A fixed script of attempts, forgiveness and resets over two keys; returns every answer. */
async function script(t: FailureThrottle): Promise<number[]> {
  const answers: number[] = [];
  const narrow = { key: 'narrow', free: 2 };
  const wide = { key: 'wide', free: 4 };
  let now = 1_800_000_000_000;
  for (let i = 0; i < 12; i++) {
    answers.push(await t.attempt([narrow, wide], `a${i}`, now));
    if (i === 1) await t.forgive(['narrow', 'wide'], 'a1');
    if (i === 6) await t.reset(['narrow']);
    now += i < 8 ? 700 : 9_000;
  }
  // After the window, everything is forgotten.
  answers.push(await t.attempt([narrow, wide], 'late', now + 3_600_001));
  return answers;
}

/** Two free failures, then the wait asked for at each attempt, failing again right after each wait. */
async function waits(t: FailureThrottle): Promise<number[]> {
  const rule = [{ key: 'base', free: 2 }];
  const answers: number[] = [];
  let at = 1_800_000_000_000;
  for (let i = 0; i < 6; i++) {
    let wait = await t.attempt(rule, `b${i}`, at);
    answers.push(wait);
    while (wait > 0) wait = await t.attempt(rule, `b${i}`, (at += wait * 1000));
  }
  return answers;
}

const BACKOFF = [
  [1_000, [0, 0, 1, 2, 4, 8]],
  [60_000, [0, 0, 60, 60, 60, 60]],
  [250, [0, 0, 1, 1, 1, 2]],
] as const;

describe('the backoff after the free failures', () => {
  it('starts at the configured base (LOGIN_BACKOFF_MS, 1 s by default) and doubles up to the 60 s cap', async () => {
    for (const [baseDelayMs, expected] of BACKOFF)
      expect(await waits(new MemoryFailureThrottle({ baseDelayMs }))).toEqual(expected);
    expect(await waits(new MemoryFailureThrottle())).toEqual(BACKOFF[0][1]);
  });
});

const redisUp = await redisSuitesRun('throttle.int.test');

describe.skipIf(!redisUp)('RedisFailureThrottle', () => {
  const opened: FailureThrottle[] = [];
  /** A key prefix unique to this run: Redis outlives the test. */
  const open = (prefix: string, url = REDIS_URL) => {
    const t = new RedisFailureThrottle(url, silent, {}, prefix);
    opened.push(t);
    return t;
  };
  afterAll(async () => Promise.all(opened.map((t) => t.close())));

  it('answers a script of attempts exactly as the memory store does', async () => {
    const expected = await script(new MemoryFailureThrottle());
    expect(expected.filter((w) => w > 0).length).toBeGreaterThan(0);
    expect(await script(open(`test:${randomUUID()}:`))).toEqual(expected);
  });

  it('waits from the configured base, doubling, up to the cap, exactly as memory does', async () => {
    for (const [baseDelayMs, expected] of BACKOFF) {
      const redis = new RedisFailureThrottle(REDIS_URL, silent, { baseDelayMs }, `test:${randomUUID()}:`);
      opened.push(redis);
      expect(await waits(redis)).toEqual(expected);
    }
  });

  it('lets two processes together take only the free attempts of a key, even all at once', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [a, b] = [open(prefix), open(prefix)];
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).attempt([{ key: 'k', free: 7 }], `x${i}`, now)),
    );
    expect(answers.filter((w) => w === 0)).toHaveLength(7);
  });
});

describe('RedisFailureThrottle with Redis down', () => {
  it('falls back to counting in this process', async () => {
    const t = new RedisFailureThrottle('redis://127.0.0.1:1', silent);
    const now = Date.now();
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push(await t.attempt([{ key: 'k', free: 3 }], `a${i}`, now));
    expect(answers).toEqual([0, 0, 0, 1]);
    await t.close();
  });
});
