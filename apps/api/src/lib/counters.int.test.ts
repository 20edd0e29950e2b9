/**
 * The fixed-window counters behind vote rate limits and daily caps (docs/ranking.md §6, docs/security.md item 17): in
 * memory for one process, in Redis shared by every process, failing open when Redis is down.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCounters, RedisCounters } from './counters.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';

const silent = pino({ level: 'silent' });

describe('MemoryCounters', () => {
  it('counts hits per key within a window and starts again when it ends', async () => {
    let now = 1_000_000;
    const c = new MemoryCounters(() => now);
    expect([await c.hit('a', 1_000), await c.hit('a', 1_000), await c.hit('a', 1_000)]).toEqual([1, 2, 3]);
    expect(await c.hit('b', 1_000)).toBe(1);
    now += 999;
    expect(await c.hit('a', 1_000)).toBe(4);
    // The window is fixed from the first hit: at 1 000 ms it is over.
    now += 1;
    expect(await c.hit('a', 1_000)).toBe(1);
    expect(await c.hit('b', 1_000)).toBe(1);
  });

  it('keeps counting keys still in their window through the periodic sweep of expired ones', async () => {
    let now = 0;
    const c = new MemoryCounters(() => now);
    await c.hit('short', 10);
    for (let i = 0; i < 5; i++) await c.hit('long', 3_600_000);
    now = 120_000;
    expect(await c.hit('long', 3_600_000)).toBe(6);
    expect(await c.hit('short', 10)).toBe(1);
  });

  it('counts exactly under concurrent hits, and forgets everything on close', async () => {
    const c = new MemoryCounters();
    const counts = await Promise.all(Array.from({ length: 50 }, () => c.hit('k', 60_000)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await c.close();
    expect(await c.hit('k', 60_000)).toBe(1);
  });
});

const redisUp = await redisSuitesRun('counters.int.test');

describe.skipIf(!redisUp)('RedisCounters', () => {
  const opened: RedisCounters[] = [];
  const open = (prefix?: string) => {
    const c = new RedisCounters(REDIS_URL, silent, prefix);
    opened.push(c);
    return c;
  };
  let raw: Redis;
  beforeAll(() => {
    raw = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    raw?.disconnect();
  });
  /** Keys unique to this run: Redis outlives the test. */
  const key = () => `test:${randomUUID()}`;

  it('counts within the window and sets its expiry once, on the first hit (a fixed window)', async () => {
    const c = open();
    const k = key();
    expect([await c.hit(k, 60_000), await c.hit(k, 60_000), await c.hit(k, 60_000)]).toEqual([1, 2, 3]);
    const ttl = await raw.pttl(`manto:${k}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Later hits do not push the expiry back: with the window cut short by hand, a hit leaves it short.
    await raw.pexpire(`manto:${k}`, 30_000);
    expect(await c.hit(k, 60_000)).toBe(4);
    const after = await raw.pttl(`manto:${k}`);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(30_000);
  });

  it('lets the window expire in Redis, then starts the next at 1 with an expiry of its own', async () => {
    const c = open();
    const k = key();
    expect(await c.hit(k, 50)).toBe(1);
    // Redis expires keys on its own clock: wait for that, not for a guessed time.
    await until(async () => (await raw.exists(`manto:${k}`)) === 0, 60_000, 'the 50 ms window never expired');
    expect(await c.hit(k, 60_000)).toBe(1);
    expect(await raw.pttl(`manto:${k}`)).toBeGreaterThan(50);
  });

  it('shares counts between instances (API processes) and keeps prefixes apart', async () => {
    const [a, b] = [open(), open()];
    const other = open(`test-${randomUUID()}:`);
    const k = key();
    for (let i = 0; i < 3; i++) await a.hit(k, 60_000);
    expect(await b.hit(k, 60_000)).toBe(4);
    expect(await a.hit(k, 60_000)).toBe(5);
    expect(await other.hit(k, 60_000)).toBe(1);
  });

  it('counts exactly under concurrent hits from two instances', async () => {
    const [a, b] = [open(), open()];
    const k = key();
    const counts = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit(k, 60_000)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});

/** Polls `done` every 10 ms until it holds; fails after `timeoutMs`. */
async function until(done: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * What `work` settled to if it settled before any timer could fire — i.e. without waiting for a socket,
 * a reconnect or a timeout — else 'waited'.
 */
async function settledAtOnce<T>(work: Promise<T>): Promise<{ value: T } | 'waited'> {
  let timer: NodeJS.Timeout | undefined;
  const tick = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), 0)));
  try {
    return await Promise.race([work.then((value) => ({ value })), tick]);
  } finally {
    clearTimeout(timer);
  }
}

describe('RedisCounters with Redis down', () => {
  it('fails open: hits resolve to 0, log one warning and never throw', async () => {
    const warn = vi.fn();
    const log = { warn } as unknown as Logger;
    // Nothing listens on port 1.
    const c = new RedisCounters('redis://127.0.0.1:1', log);
    try {
      const counts = await Promise.all([c.hit('rate:voter:x', 60_000), c.hit('rate:ip:y', 60_000)]);
      expect(counts).toEqual([0, 0]);
      // Once, however many failures (lib/redis.ts RedisHealth; redis.int.test.ts follows it over minutes).
      expect(warn).toHaveBeenCalledOnce();
      expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/^redis unreachable/));
      // Still failing open on the next call, while it keeps trying to reconnect.
      expect(await c.hit('rate:voter:x', 60_000)).toBe(0);
    } finally {
      await c.close();
    }
  });

  // Regression: with ioredis's offline queue each command waited for the next reconnect attempt, whose
  // delay grows to 2 s, so the longer Redis was down the slower every vote failed open (fixed in c7fe521).
  // Whatever the phase of the reconnect cycle, a hit must settle without waiting for anything.
  it('fails open at once while it keeps reconnecting: no hit waits for a reconnect attempt', async () => {
    let failedAttempts = 0;
    let onFailure = () => {};
    const c = new RedisCounters('redis://127.0.0.1:1', silent);
    // The client's failed connection attempts (the log reports them once: lib/redis.ts).
    c['redis'].on('error', () => {
      failedAttempts++;
      onFailure();
    });
    /** Resolves right after the client's next failed connection attempt (the following one is then scheduled). */
    const nextFailure = () => new Promise<void>((resolve) => (onFailure = resolve));
    try {
      // Past the first-connection grace (up to 1 s), during which a hit waits by design.
      await c.hit('warm', 60_000);
      for (let i = 0; i < 2; i++) {
        const before = failedAttempts;
        await nextFailure();
        expect(failedAttempts).toBe(before + 1);
        expect(await settledAtOnce(c.hit('rate:voter:x', 60_000))).toEqual({ value: 0 });
        expect(await settledAtOnce(c.hit('rate:ip:y', 60_000))).toEqual({ value: 0 });
      }
    } finally {
      await c.close();
    }
  });
});
