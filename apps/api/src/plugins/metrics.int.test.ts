/** GET /api/metrics (docs/security.md §24). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import { duelOf, post, think, visitor } from '#test/duels.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, VOTE_DAILY_CAP: '1' });
  await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2019, 2020, 2021] });
});
afterAll(async () => t?.close());

const scrape = async () => {
  const res = await t.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample line, e.g. value(text, 'manto_votes_total{counted="true"}'). */
const value = (text: string, sample: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
};

describe('GET /api/metrics', () => {
  it('is off (404, as an unknown route) without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    const res = await off.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    await off.close();
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('refuses a missing or wrong token with 401 and no metrics', async () => {
    for (const headers of [{}, bearer('wrong-token'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await t.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(res.body).not.toContain('manto_');
    }
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    await t.inject({ method: 'GET', url: '/api/health' });
    await t.inject({ method: 'GET', url: '/api/health' });
    await t.inject({ method: 'GET', url: '/api/rankings/jerseys/00000000-0000-4000-8000-000000000000' });
    await t.inject({ method: 'GET', url: '/api/no-such-route/secret-looking-path' });
    const text = await scrape();
    expect(value(text, 'manto_http_requests_total{method="GET",route="/api/health",status_class="2xx"}')).toBe(2);
    expect(
      value(text, 'manto_http_requests_total{method="GET",route="/api/rankings/jerseys/:id",status_class="4xx"}'),
    ).toBe(1);
    expect(value(text, 'manto_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    expect(text).toContain(
      'manto_http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"} 2',
    );
    expect(text).not.toContain('secret-looking-path');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    // Default process metrics, under the app's prefix.
    expect(text).toContain('manto_process_cpu_seconds_total');
    expect(text).toContain('manto_nodejs_eventloop_lag_p99_seconds');
  });

  it('moves votes counted and uncounted (a skip, past the daily cap) after votes', async () => {
    const before = await scrape();
    const counted = value(before, 'manto_votes_total{counted="true"}')!;
    const uncounted = value(before, 'manto_votes_total{counted="false"}')!;
    const fan = visitor(t);
    let duel = await duelOf(t, fan);
    for (const outcome of ['left', 'skip', 'right']) {
      think(t);
      const res = await post(t, fan, {
        token: duel.token,
        outcome,
        ...(outcome === 'skip' ? { skipReason: 'same' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      duel = res.json().next.duel;
    }
    const after = await scrape();
    // The first decisive vote counts; the skip never does; the third is past VOTE_DAILY_CAP=1.
    expect(value(after, 'manto_votes_total{counted="true"}')).toBe(counted + 1);
    expect(value(after, 'manto_votes_total{counted="false"}')).toBe(uncounted + 2);
  });

  it('reports the mail outbox depth: waiting, failed and dead mails', async () => {
    // Two dead mails and one waiting to be tried again, written as the sender would leave them.
    await t.db
      .execute(sql`insert into mail_outbox (kind, recipient, subject, attempts, last_error, dead_at, next_attempt_at)
      values ('confirm', 'a@manto.test', 'x', 8, 'refused', now(), now()),
             ('reset', 'b@manto.test', 'x', 8, 'refused', now(), now()),
             ('reset', 'c@manto.test', 'x', 1, 'refused', null, now() + interval '1 hour')`);
    const text = await scrape();
    expect(value(text, 'manto_mail_outbox_dead')).toBe(2);
    expect(value(text, 'manto_mail_outbox_failed')).toBe(1);
    expect(value(text, 'manto_mail_outbox_pending')).toBe(0);
  });

  it('reports the mail requests waiting to be turned into mails', async () => {
    // Another process holds the sender's lease, so nothing here consumes the rows before the scrape.
    await t.db
      .execute(sql`insert into job_leases (name, holder, until) values ('mail', 'elsewhere', now() + interval '1 minute')
      on conflict (name) do update set holder = 'elsewhere', until = excluded.until`);
    await t.db.execute(
      sql`insert into mail_requests (kind, email) values ('reset', 'x@manto.test'), ('confirm', 'y@manto.test')`,
    );
    expect(value(await scrape(), 'manto_mail_requests_waiting')).toBe(2);
    await t.db.execute(sql`update job_leases set until = now() where name = 'mail'`);
  });

  it('reports the ranking job: last duration, last success time and lag after a fit', async () => {
    const started = Date.now() / 1000;
    expect(await t.fitRankings({ force: true })).toContain('global');
    const text = await scrape();
    expect(value(text, 'manto_ranking_job_last_duration_seconds')).toBeGreaterThan(0);
    expect(value(text, 'manto_ranking_job_last_success_timestamp_seconds')).toBeGreaterThanOrEqual(Math.floor(started));
    expect(value(text, 'manto_ranking_job_runs_total{result="fitted"}')).toBeGreaterThanOrEqual(1);
    // A vote answered 90 s after the snapshot was written: the lag is exactly those 90 s.
    await t.db
      .execute(sql`insert into votes (duel_id, scope, left_id, right_id, outcome, voter_key, issued_at, answered_at)
      select gen_random_uuid(), 'global', left_id, right_id, 'left', 'v:late', now(),
             (select max(fitted_at) from ranking_fits where scope = 'global') + interval '90 seconds'
        from votes limit 1`);
    expect(value(await scrape(), 'manto_ranking_lag_seconds')).toBeCloseTo(90, 3);
    if (t.config.databaseUrl) {
      // PostgreSQL: the pool's connections; PGlite has no pool and no such gauges.
      expect(value(text, 'manto_db_pool_connections')).toBeGreaterThanOrEqual(1);
      // The scrape's own gauges query the database at once, so a query may be waiting: a count, not NaN.
      expect(value(text, 'manto_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else expect(text).not.toContain('manto_db_pool_');
  });
});
