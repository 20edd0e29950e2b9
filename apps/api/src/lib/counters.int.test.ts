/**
 * The fixed-window counters behind vote rate limits and daily caps (ranking.md §6, security.md 17): in
 * memory for one process, in Redis shared by every process, failing open when Redis is down.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryCounters, RedisCounters } from './counters.ts';
import { REDIS_URL, redisReachable } from '#test/redis.ts';

/** The Redis the window tests use (skipped when it does not answer). */
const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

const redisUp = await redisReachable(REDIS_URL);
if (!redisUp)
  console.warn(`counters.int.test: Redis not reachable at ${REDIS_URL}; RedisCounters window tests skipped`);

describe.skipIf(!redisUp)('RedisCounters', () => {
  const opened: RedisCounters[] = [];
  const open = (prefix?: string) => {
    const c = new RedisCounters(REDIS_URL, silent, prefix);
    opened.push(c);
    return c;
  };
  const raw = new Redis(REDIS_URL);
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    raw.disconnect();
  });
  /** Keys unique to this run: Redis outlives the test. */
  const key = () => `test:${randomUUID()}`;

  it('counts within the window, sets the expiry once, and starts again after it', async () => {
    const c = open();
    const k = key();
    expect([await c.hit(k, 300), await c.hit(k, 300), await c.hit(k, 300)]).toEqual([1, 2, 3]);
    const ttl = await raw.pttl(`manto:${k}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    // Later hits do not push the expiry back (fixed window).
    await sleep(150);
    await c.hit(k, 300);
    expect(await raw.pttl(`manto:${k}`)).toBeLessThanOrEqual(150);
    await sleep(250);
    expect(await c.hit(k, 300)).toBe(1);
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

describe('RedisCounters with Redis down', () => {
  it('fails open: a hit resolves to 0 quickly, logs a warning and never throws', async () => {
    const warn = vi.fn();
    const log = { warn } as unknown as Logger;
    // Nothing listens on port 1.
    const c = new RedisCounters('redis://127.0.0.1:1', log);
    try {
      const started = Date.now();
      const counts = await Promise.all([c.hit('rate:voter:x', 60_000), c.hit('rate:ip:y', 60_000)]);
      expect(counts).toEqual([0, 0]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(warn).toHaveBeenCalledWith(expect.anything(), 'redis counter unavailable; request allowed');
      // Still failing open on the next call, while it keeps trying to reconnect.
      expect(await c.hit('rate:voter:x', 60_000)).toBe(0);
    } finally {
      await c.close();
    }
  });

  // Regression: with ioredis's offline queue each command waited for the next reconnect attempt, whose
  // delay grows to 2 s, so the longer Redis was down the slower every vote failed open (fixed in c7fe521).
  it('still fails open at once after Redis has been down for a few seconds', async () => {
    const c = new RedisCounters('redis://127.0.0.1:1', silent);
    try {
      await c.hit('warm', 60_000);
      await sleep(4_000);
      // Four hits 150 ms apart: whatever the phase of the reconnect cycle, one of them starts just after
      // an attempt, so the slowest shows the full wait.
      const waits = await Promise.all(
        [0, 150, 300, 450].map(async (offset) => {
          await sleep(offset);
          const started = Date.now();
          expect(await c.hit('rate:voter:x', 60_000)).toBe(0);
          return Date.now() - started;
        }),
      );
      expect(Math.max(...waits)).toBeLessThan(250);
    } finally {
      await c.close();
    }
  });
});
