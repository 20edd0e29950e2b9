/**
 * A lost Redis in the log and the metrics (docs/security.md items 13 and 24): the loss logged once with its
 * error, then a summary at most once a minute of the app's clock, the recovery once; `manto_redis_up` 0 or 1.
 * Real connections: a closed local port for "unreachable", the local Redis (and a TCP relay to it) for "up".
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#app.ts';
import { chain, randomIp, visitor } from '#test/duels.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';
import { RedisCounters } from './counters.ts';
import { REDIS_REPORT_INTERVAL_MS, RedisHealth } from './redis.ts';

const TOKEN = 'redis-health-metrics-token-0123456789';

interface Line {
  level: number;
  msg: string;
  err?: { stack?: string };
  failures?: number;
  downSeconds?: number;
}

/** A pino logger (the app's own serializers) whose lines the test reads. */
function capturedLog() {
  const lines: Line[] = [];
  const log = createLogger({ logLevel: 'info', env: 'test' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
  const redisLines = () => lines.filter((l) => /redis/i.test(l.msg));
  return { log, lines, redisLines };
}

/** A local port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const opened: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
});

async function metric(t: TestApp, name: string): Promise<string | undefined> {
  const res = await t.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body.split('\n').find((l) => l.startsWith(`${name} `));
}

describe('Redis unreachable', () => {
  it('is logged once with its error, then summed up at most once a minute; manto_redis_up is 0', async () => {
    const { log, redisLines } = capturedLog();
    const port = await closedPort();
    // No decision time: the votes below leave the app's clock where the test puts it.
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, METRICS_TOKEN: TOKEN, VOTE_MIN_DECISION_MS: '0' };
    const t = await createTestApp(env, {}, { log });
    opened.push(t);
    await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2001, 2002, 2003] });

    // Votes (each checks two or three counters) and a failed login (the login throttle): all fail open.
    const voter = visitor(t, randomIp());
    expect((await chain(t, voter, 3)).responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(login.statusCode).toBe(401);

    const lost = redisLines();
    expect(lost).toHaveLength(1);
    expect(lost[0]!.msg).toMatch(/^redis unreachable/);
    expect(lost[0]!.level).toBe(40);
    expect(lost[0]!.err?.stack).toBeTruthy();
    expect(await metric(t, 'manto_redis_up')).toBe('manto_redis_up 0');

    // Not a minute yet: still nothing more, however many failures.
    t.clock.advance(REDIS_REPORT_INTERVAL_MS - 1_000);
    await chain(t, voter, 1);
    expect(redisLines(), JSON.stringify(redisLines())).toHaveLength(1);

    t.clock.advance(1_000);
    await chain(t, voter, 1);
    const summary = redisLines().slice(1);
    expect(summary.map((l) => l.msg)).toEqual(['redis still unreachable']);
    // At least the two counters each of the last five votes missed (and the first duels' and the login's),
    // besides any reconnect attempts.
    expect(summary[0]!.failures).toBeGreaterThanOrEqual(10);
    expect(summary[0]!.downSeconds).toBe(60);
    expect(summary[0]!.err).toBeUndefined();

    t.clock.advance(REDIS_REPORT_INTERVAL_MS / 2);
    await chain(t, voter, 1);
    expect(redisLines()).toHaveLength(2);
    t.clock.advance(REDIS_REPORT_INTERVAL_MS / 2);
    await chain(t, voter, 1);
    expect(redisLines().map((l) => l.msg)).toEqual([
      lost[0]!.msg,
      'redis still unreachable',
      'redis still unreachable',
    ]);
  });
});

const redisUp = await redisSuitesRun('redis.int.test');

describe.skipIf(!redisUp)('Redis reachable', () => {
  it('manto_redis_up is 1 once every connection of the app is ready, and nothing is logged', async () => {
    const { log, redisLines } = capturedLog();
    const t = await createTestApp({ REDIS_URL, METRICS_TOKEN: TOKEN }, {}, { log });
    opened.push(t);
    await vi.waitFor(async () => expect(await metric(t, 'manto_redis_up')).toBe('manto_redis_up 1'), {
      timeout: 10_000,
      interval: 20,
    });
    expect(redisLines()).toEqual([]);
  });

  it('coming back is logged once, and the counters count again', async () => {
    const { log, redisLines } = capturedLog();
    let now = Date.now();
    const health = new RedisHealth(log, () => now);
    const port = await closedPort();
    const counters = new RedisCounters(`redis://127.0.0.1:${port}`, log, 'manto:test:', health);
    expect(await counters.hit('k', 60_000)).toBe(0);
    expect(health.up).toBe(false);
    expect(redisLines().map((l) => l.msg)).toEqual([expect.stringMatching(/^redis unreachable/)]);

    // Redis appears on that port: a relay to the local one.
    const relay = net.createServer((socket) => {
      const upstream = net.connect(6379, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      const end = () => (socket.destroy(), upstream.destroy());
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => relay.close(resolve)) });
    now += 90_000;
    // The client reconnects on its own schedule (at most 2 s apart): waited for, not slept on.
    await vi.waitFor(() => expect(health.up).toBe(true), { timeout: 10_000, interval: 20 });

    const back = redisLines().slice(1);
    expect(back.map((l) => [l.msg, l.level])).toEqual([['redis reachable again', 30]]);
    expect(back[0]!.downSeconds).toBe(90);
    expect(await counters.hit(`k:${now}`, 60_000)).toBe(1);
    expect(redisLines()).toHaveLength(2);
    await counters.close();
  });
});
