// `node scripts/bench-export.mjs` (part of `npm run bench`; build first): does the open-data votes export
// starve the event loop? Liveness (`GET /api/health`) latency is sampled idle and again while 8 clients
// download `GET /api/votes/export` in a loop; the baseline is the same server idle in the same run
// (docs/performance.md: health p99 < 20 ms during 8 parallel exports).
//
// - Each database is fresh: a `manto_bench_<random>` PostgreSQL database (dropped at the end) and a
//   temporary PGlite directory, with 200 jerseys and BENCH_EXPORT_VOTES votes (200 000) inserted by SQL.
// - Health is sampled one request at a time over a keep-alive connection, every 5 ms, for BENCH_SECONDS.
// - The exporting clients run in their own process (so their reading does not delay the sampler), each
//   request from its own X-Forwarded-For address (TRUST_PROXY=true) past the 6-a-minute limit per IP;
//   they alternate CSV and JSON and read as fast as they can.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ADMIN_URL, CATALOGUE_SQL, canPin, onPostgres, start, stop, waitFor } from './bench-lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VOTES = Number(process.env.BENCH_EXPORT_VOTES ?? 200_000);
const PARALLEL = 8;
const GOAL_P99_MS = 20;
/** Which databases to measure: postgres, pglite or both. */
const DATABASES = process.env.BENCH_DB ?? 'both';
const PG_PORT = 3921;
const LITE_PORT = 3922;
const METRICS_TOKEN = randomBytes(24).toString('hex');
const SERVER_ENV = {
  HOST: '127.0.0.1',
  // The server's own event-loop delay (reset at each scrape) tells blocking from a busy machine.
  METRICS_TOKEN,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  TRUST_PROXY: 'true',
  // No fit during the run: only the export and the health route work.
  RANKING_INTERVAL_SECONDS: '86400',
};

/** Votes spread over every jersey pair and outcome, one a second up to now, by SQL (not HTTP). */
const VOTES_SQL = `
  insert into votes (duel_id, scope, left_id, right_id, outcome, skip_reason, voter_key, issued_at, answered_at)
  select gen_random_uuid(), 'global', j.a[1 + g % j.n], j.a[1 + (g % j.n + 1 + (g / j.n) % (j.n - 1)) % j.n],
         (array['left', 'right', 'left', 'right', 'tie', 'both_bad', 'skip'])[1 + g % 7],
         case when g % 7 = 6 then 'same' end, 'v:bench-' || (g % 5000),
         now() - make_interval(secs => ${VOTES} - g + 3), now() - make_interval(secs => ${VOTES} - g)
    from generate_series(1, ${VOTES}) g,
         (select array_agg(id order by id) as a, count(*)::int as n from jerseys) j;`;

const url = (port) => `http://127.0.0.1:${port}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function startServer(port, env) {
  const child = await start(['apps/api/dist/server.js'], { ...SERVER_ENV, PORT: String(port), ...env });
  await waitFor(`${url(port)}/api/ready`);
  return child;
}

/** `GET /api/health` one at a time for `seconds`; latencies in ms. */
async function sampleHealth(base, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t0 = process.hrtime.bigint();
    const ok = await new Promise((resolve) => {
      http
        .get(`${base}/api/health`, { agent, timeout: 5_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        })
        .on('timeout', function () {
          this.destroy();
        })
        .on('error', () => resolve(false));
    });
    if (ok) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    else errors++;
    await sleep(5);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { n: times.length, errors, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1) };
}

/** Source of the exporting clients: PARALLEL loops until SIGTERM, then their totals as JSON on stdout. */
const exportersSource = (base) => `
  const http = require('node:http');
  let stopping = false, bytes = 0, exports = 0, failed = 0, n = 0;
  const started = Date.now();
  const one = () => new Promise((resolve) => {
    n++;
    const format = n % 2 ? 'csv' : 'json';
    const ip = '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255);
    http.get('${base}/api/votes/export?format=' + format, { headers: { 'x-forwarded-for': ip } }, (res) => {
      res.on('data', (chunk) => { bytes += chunk.length; });
      res.on('end', () => { if (res.statusCode === 200) exports++; else failed++; resolve(); });
      res.on('error', () => { failed++; resolve(); });
    }).on('error', () => { failed++; resolve(); });
  });
  const loops = Array.from({ length: ${PARALLEL} }, async () => { while (!stopping) await one(); });
  process.on('SIGTERM', async () => {
    const seconds = (Date.now() - started) / 1000;
    stopping = true;
    process.stdout.write(JSON.stringify({ bytes, exports, failed, seconds }));
    process.exit(0);
  });`;

/** The server's event-loop delay p99 and max (ms) since the last scrape, or null without /api/metrics. */
async function loopDelay(base) {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) return null;
  const text = await res.text();
  const read = (name) =>
    Number(text.match(new RegExp(`^manto_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm'))?.[1]) * 1000;
  return { p99: read('p99'), max: read('max') };
}

/** One export's size and time, alone, with its row count checked against the table. */
async function soloExport(base, format, expectRows) {
  const t0 = Date.now();
  const res = await fetch(`${base}/api/votes/export?format=${format}`, {
    headers: { 'x-forwarded-for': '10.255.0.1' },
  });
  const text = await res.text();
  const ms = Date.now() - t0;
  const rows = format === 'csv' ? text.trim().split('\r\n').length - 1 : JSON.parse(text).length;
  if (res.status !== 200 || rows !== expectRows) throw new Error(`${format} export: ${res.status}, ${rows} rows`);
  return { ms, bytes: Buffer.byteLength(text) };
}

async function measure(name, base) {
  const csv = await soloExport(base, 'csv', VOTES);
  const json = await soloExport(base, 'json', VOTES);
  await loopDelay(base);
  const idle = await sampleHealth(base, SECONDS);
  const idleLoop = await loopDelay(base);
  const [cmd, argv] = canPin
    ? ['taskset', ['-c', '0', process.execPath, '-e', exportersSource(base)]]
    : [process.execPath, ['-e', exportersSource(base)]];
  const clients = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  clients.stdout.on('data', (d) => (out += d));
  const exited = new Promise((r) => clients.once('exit', r));
  await sleep(1000);
  await loopDelay(base);
  const busy = await sampleHealth(base, SECONDS);
  const busyLoop = await loopDelay(base);
  clients.kill('SIGTERM');
  await exited;
  const totals = JSON.parse(out);
  const mb = (b) => (b / 1e6).toFixed(1);
  const f = (x) => (x === undefined ? '–' : x.toFixed(1));
  console.log(
    `\n${name}: ${VOTES} votes; one export alone: CSV ${mb(csv.bytes)} MB in ${csv.ms} ms, JSON ${mb(json.bytes)} MB in ${json.ms} ms`,
  );
  console.log(
    `  health idle                 p50 ${f(idle.p50)} ms, p99 ${f(idle.p99)} ms, max ${f(idle.max)} ms (${idle.n} requests)`,
  );
  console.log(
    `  health during ${PARALLEL} exports     p50 ${f(busy.p50)} ms, p99 ${f(busy.p99)} ms, max ${f(busy.max)} ms (${busy.n} requests, ${busy.errors} errors)` +
      (busy.p99 < GOAL_P99_MS ? '' : `  BELOW GOAL (p99 < ${GOAL_P99_MS} ms)`),
  );
  if (idleLoop && busyLoop)
    console.log(
      `  server event-loop delay     idle p99 ${f(idleLoop.p99)} ms, max ${f(idleLoop.max)} ms; ` +
        `during exports p99 ${f(busyLoop.p99)} ms, max ${f(busyLoop.max)} ms`,
    );
  console.log(
    `  exports: ${totals.exports} done (${totals.failed} failed) in ${f(totals.seconds)} s, ` +
      `${mb(totals.bytes / totals.seconds)} MB/s, ${f((totals.exports / totals.seconds) * 60)} exports a minute`,
  );
}

console.log(`bench-export: ${PARALLEL} parallel exports, ${SECONDS}s per sample, load average ${load()}`);
const dbName = `manto_bench_${randomBytes(4).toString('hex')}`;
const pgUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const liteDir = mkdtempSync(path.join(tmpdir(), 'manto-bench-export-'));
await onPostgres(ADMIN_URL, (c) => c.query(`create database ${dbName}`));
try {
  if (DATABASES !== 'pglite') {
    // PostgreSQL: start once to migrate, then the catalogue and votes by SQL.
    const server = await startServer(PG_PORT, { DATABASE_URL: pgUrl, DATA_DIR: liteDir });
    await onPostgres(pgUrl, async (c) => {
      await c.query(CATALOGUE_SQL);
      await c.query(VOTES_SQL);
      await c.query('analyze votes');
    });
    try {
      await measure('PostgreSQL', url(PG_PORT));
    } finally {
      await stop(server);
    }
  }
  if (DATABASES !== 'postgres') {
    // PGlite lives inside the server process: start once to migrate, stop, insert by SQL, start again.
    await stop(await startServer(LITE_PORT, { DATA_DIR: liteDir }));
    const lite = await PGlite.create(path.join(liteDir, 'pglite'));
    await lite.exec(CATALOGUE_SQL);
    await lite.exec(VOTES_SQL);
    await lite.close();
    const server = await startServer(LITE_PORT, { DATA_DIR: liteDir });
    try {
      await measure('PGlite', url(LITE_PORT));
    } finally {
      await stop(server);
    }
  }
} finally {
  await onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((err) =>
    console.error(`could not drop ${dbName}: ${err.message}`),
  );
  rmSync(liteDir, { recursive: true, force: true });
}
console.log(`\nload average after: ${load()}`);
