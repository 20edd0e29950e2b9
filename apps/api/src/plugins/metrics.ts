import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '#lib/app-error.ts';

/**
 * One app's Prometheus metrics (docs/security.md §24): its own registry, never prom-client's global
 * one, so tests that build many apps in one process do not collide. Modules never import this file:
 * app.ts hands them narrow callbacks (a vote counted, a ranking run) and reads gauges through `gauge`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A gauge read at scrape time, e.g. `metrics.gauge('manto_outbox_depth', 'Mails waiting.', () => outbox.depth())`. */
  gauge(name: string, help: string, collect: () => number | Promise<number>): void;
  /** A stored vote: counted in the rankings, or kept but not counted (a skip, past the daily cap). */
  vote(counted: boolean): void;
  /** A ranking job run that ended: `fitted` scopes (0 when nothing changed), or a failure. */
  rankingRun(run: { ok: true; seconds: number; fitted: number } | { ok: false }): void;
  /** One answered request, labelled by route pattern (never the raw URL) and status class. */
  request(method: string, route: string, status: number, seconds: number): void;
}

/** The route label of requests no route matched: one label, whatever the URL (bounded cardinality). */
export const UNMATCHED = 'unmatched';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'manto_' });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'manto_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx…).',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'manto_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const votes = new Counter({
    name: 'manto_votes_total',
    help: 'Votes stored by this process; counted="false" for votes kept but not counted (skips, past the daily cap).',
    labelNames: ['counted'],
    registers: [registry],
  });
  for (const counted of ['true', 'false']) votes.inc({ counted }, 0);
  const runs = new Counter({
    name: 'manto_ranking_job_runs_total',
    help: 'Ranking job runs in this process: result="fitted" (new snapshots), "idle" (nothing changed or another process holds the lease), "failed".',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of ['fitted', 'idle', 'failed']) runs.inc({ result }, 0);
  const lastDuration = new Gauge({
    name: 'manto_ranking_job_last_duration_seconds',
    help: 'Wall-clock seconds of the last ranking job run that wrote snapshots (reading votes, fits, writing).',
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'manto_ranking_job_last_success_timestamp_seconds',
    help: 'Unix time at which the last ranking job run ended without error (fitted or idle).',
    registers: [registry],
  });

  return {
    registry,
    gauge(name, help, collect) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          // A source that fails (the database is down) reports NaN rather than failing the whole scrape.
          this.set(
            await Promise.resolve()
              .then(collect)
              .catch(() => Number.NaN),
          );
        },
      });
    },
    vote: (counted) => votes.inc({ counted: String(counted) }),
    rankingRun(run) {
      if (!run.ok) return void runs.inc({ result: 'failed' });
      runs.inc({ result: run.fitted > 0 ? 'fitted' : 'idle' });
      lastSuccess.set(Date.now() / 1000);
      if (run.fitted > 0) lastDuration.set(run.seconds);
    },
    request(method, route, status, seconds) {
      const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts every request and serves `GET /api/metrics` in the Prometheus text format to a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured the route answers 404, as an
 * unknown route does; a missing or wrong token is a 401 (docs/security.md §24).
 */
export default fp(async function metricsPlugin(app: FastifyInstance, opts: { metrics: Metrics; token: string | null }) {
  const { metrics, token } = opts;
  // Off (no token), nobody can read the figures: every request is spared the hook.
  if (token)
    app.addHook('onResponse', async (request, reply: FastifyReply) => {
      metrics.request(
        request.method,
        request.routeOptions.url ?? UNMATCHED,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

  const expected = token ? digest(token) : null;
  app.get(
    '/api/metrics',
    // Its own credential, not a user's: the rule is public and the handler checks the token.
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (!expected) throw new AppError(404, 'NOT_FOUND');
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      // Compared as SHA-256 digests: constant time whatever the length given.
      if (!given || !timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, 'UNAUTHORIZED');
      }
      reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    },
  );
});
