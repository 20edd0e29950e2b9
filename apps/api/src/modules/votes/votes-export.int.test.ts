/** The open-data votes export: every vote, byte for byte as a row-by-row writer would, and rate-limited per IP. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votes } from '#db/schema/index.ts';
import { csvHeader, csvLine } from '#lib/downloads.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const COLUMNS = ['id', 'scope', 'left_id', 'right_id', 'outcome', 'skip_reason', 'answered_at', 'valid'] as const;

describe('GET /api/votes/export', () => {
  it('writes every vote exactly as the row-by-row CSV and JSON writers do, across many chunks', async () => {
    const { jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2020, 2021] });
    const [a, b] = [jerseys[0]!.id, jerseys[1]!.id];
    // 2 500 plain votes (more than two chunks), then text a spreadsheet would run or that needs quoting,
    // a skip with its reason, an invalid vote and a time with microseconds.
    await t.db.execute(sql`insert into ${votes} (duel_id, scope, left_id, right_id, outcome, voter_key, issued_at)
      select gen_random_uuid(), 'global', ${a}, ${b}, case when g % 2 = 0 then 'left' else 'tie' end, 'v:x', now()
        from generate_series(1, 2500) g`);
    const odd = (scope: string, more: Partial<typeof votes.$inferInsert> = {}) =>
      t.db.insert(votes).values({
        duelId: randomUUID(),
        scope,
        leftId: b,
        rightId: a,
        outcome: 'right',
        voterKey: 'v:y',
        issuedAt: new Date(),
        ...more,
      });
    await odd('=HYPERLINK("x")');
    await odd('-3,5 "quoted"\r\nline', { outcome: 'skip', skipReason: 'same', valid: false, invalidReason: 'outlier' });
    await odd('@sum\ttab');
    await t.db.execute(sql`update ${votes} set answered_at = '2026-03-04 05:06:07.891234+00' where id = 2501`);

    // The reference: the rows read back and written one by one in JS, as the export used to.
    const read = await t.db
      .select({
        id: votes.id,
        scope: votes.scope,
        left_id: votes.leftId,
        right_id: votes.rightId,
        outcome: votes.outcome,
        skip_reason: votes.skipReason,
        answered_at: votes.answeredAt,
        valid: votes.valid,
      })
      .from(votes)
      .orderBy(votes.id);
    const rows = read.map((r) => ({ ...r, id: Number(r.id), answered_at: r.answered_at.toISOString() }));
    expect(rows).toHaveLength(2503);
    expect(rows[2500]!.answered_at).toBe('2026-03-04T05:06:07.891Z');

    const csv = await t.inject({ method: 'GET', url: '/api/votes/export?format=csv', remoteAddress: '10.7.1.1' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="manto-votes.csv"');
    expect(csv.body).toBe(csvHeader(COLUMNS) + rows.map((r) => csvLine(COLUMNS.map((c) => r[c]))).join(''));
    expect(csv.body).toContain(`"'-3,5 ""quoted""\r\nline"`);

    const json = await t.inject({ method: 'GET', url: '/api/votes/export?format=json', remoteAddress: '10.7.1.1' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe('attachment; filename="manto-votes.json"');
    expect(json.body).toBe(`[${rows.map((r, i) => `${i === 0 ? '\n' : ',\n'}${JSON.stringify(r)}`).join('')}\n]\n`);
  });

  it('takes 6 exports a minute from one IP, refuses the 7th with 429 and Retry-After, and serves other IPs', async () => {
    const exportFrom = (ip: string, lang = 'pt') =>
      t.inject({
        method: 'GET',
        url: '/api/votes/export?format=csv',
        remoteAddress: ip,
        headers: { 'accept-language': lang },
      });
    const answers = await inOneWindow(6, async (ip) => [
      ...(await inSequence(6, () => exportFrom(ip))),
      await exportFrom(ip, 'en'),
    ]);
    expect(answers.slice(0, 6).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = answers[6]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/try again/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exportFrom('10.7.0.2')).statusCode).toBe(200);
  });
});

type Answer = Awaited<ReturnType<TestApp['inject']>>;

const inSequence = async (count: number, call: () => Promise<Answer>): Promise<Answer[]> => {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await call());
  return answers;
};

/**
 * Runs `requests` from a fresh address until every answer was counted in one rate-limit window of `limit`: the
 * remaining counts read limit − 1, limit − 2, …, 0, 0. The window is the plugin's real minute (in the app's memory
 * or in Redis), not the test clock: on a slow machine it may end midway (a count goes up), and an app whose Redis
 * connection was not ready yet lets requests through uncounted (the limit fails open: each reads `limit`). Either
 * way the run starts over from another address, so no speed of the machine lets a request through uncounted.
 */
async function inOneWindow(limit: number, requests: (ip: string) => Promise<Answer[]>): Promise<Answer[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const ip = `10.${[0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}.1`;
    const answers = await requests(ip);
    const remaining = answers.map((r) => Number(r.headers['x-ratelimit-remaining']));
    if (remaining.every((n, i) => n === Math.max(0, limit - 1 - i))) return answers;
  }
  throw new Error('five runs in a row were not counted in one rate-limit window');
}

const redisUp = await redisSuitesRun('votes-export.int.test');

describe.skipIf(!redisUp)('route rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  const exportOn = (app: TestApp, ip: string) =>
    app.inject({ method: 'GET', url: '/api/votes/export?format=csv', remoteAddress: ip });

  it('counts one address across two processes: 4 exports on one and 2 on the other use up the 6', async () => {
    // A fresh address per run (inOneWindow): the Redis window outlives the test and other runs share the server.
    const answers = await inOneWindow(6, async (ip) => [
      ...(await inSequence(4, () => exportOn(a, ip))),
      ...(await inSequence(2, () => exportOn(b, ip))),
      await exportOn(a, ip),
      await exportOn(b, ip),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('serves the route when Redis is down (the limit fails open)', async () => {
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await exportOn(down, '10.250.250.250')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
