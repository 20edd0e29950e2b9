// `node scripts/bench-overhead.mjs` (build first): the framework overhead of the two cheapest routes,
// GET /api/health and GET /api/duels/next, for this build and, with BENCH_BEFORE_SERVER, another build
// (an older commit's dist/server.js) measured side by side in the same rounds: raw node:http, before,
// after, three times (docs/performance.md). Prints each side's median ratio to raw and the median of
// after/before per round, with the load average. Needs a PostgreSQL server (BENCH_DATABASE_URL), where it
// creates and drops its own database with the bench catalogue (200 jerseys), as bench-duels does.
//
// BENCH_SECONDS (default 5) per run; BENCH_PORT (default 3931) is the first of the four ports used.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_URL,
  CATALOGUE_SQL,
  canPin,
  median,
  onPostgres,
  pinLoadGenerator,
  ratioText,
  run,
  start,
  startRaw,
  stop,
  waitFor,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3931);
const RAW_PORT = PORT;
const AFTER_SERVER = 'apps/api/dist/server.js';
const BEFORE_SERVER = process.env.BENCH_BEFORE_SERVER ?? null;
const VOTERS = 1_000;
const url = (port) => `http://127.0.0.1:${port}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  VISITOR_IDS_PER_HOUR: '1000000',
  // One secret: visitor ids issued by one server are valid on the other.
  JWT_SECRET: randomBytes(32).toString('hex'),
  RANKING_INTERVAL_SECONDS: '86400',
};

if (!existsSync(AFTER_SERVER) || (BEFORE_SERVER && !existsSync(BEFORE_SERVER))) {
  console.error(`bench-overhead: ${AFTER_SERVER} or ${BEFORE_SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
pinLoadGenerator();

const voterIds = [];
function health(base, opts) {
  return run({ url: `${base}/api/health`, ...opts });
}
function nextDuel(base, opts) {
  let i = 0;
  return run({
    url: base,
    ...opts,
    requests: [
      {
        method: 'GET',
        path: '/api/duels/next',
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-voter-id': voterIds[i++ % VOTERS] } }),
      },
    ],
  });
}
const rate = (r) => r.requests.total / r.duration;
function check(name, r) {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
}

const dbName = `manto_bench_${randomBytes(5).toString('hex')}`;
const pgUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dirs = [];
const children = [];
await onPostgres(ADMIN_URL, (c) => c.query(`create database ${dbName}`));
try {
  const sides = [{ name: 'after', server: AFTER_SERVER, port: PORT + 1 }];
  if (BEFORE_SERVER) sides.unshift({ name: 'before', server: BEFORE_SERVER, port: PORT + 2 });
  for (const [k, side] of sides.entries()) {
    const dir = mkdtempSync(path.join(tmpdir(), 'manto-bench-overhead-'));
    dirs.push(dir);
    const env = { ...SERVER_ENV, PORT: String(side.port), DATABASE_URL: pgUrl, DATA_DIR: dir };
    // The first server migrates the database; the catalogue goes in once, before the second starts.
    children.push(await start([side.server], env));
    await waitFor(`${url(side.port)}/api/ready`);
    if (k === 0) await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL));
  }
  const first = url(sides[0].port);
  for (let i = 0; i < VOTERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await fetch(`${first}/api/duels/visitor`, { method: 'POST' });
        if (res.status !== 200) throw new Error(`POST /api/duels/visitor: ${res.status}`);
        return (await res.json()).voterId;
      }),
    );
    voterIds.push(...batch);
  }
  const sampleDuel = await (await fetch(`${first}/api/duels/next`, { headers: { 'x-voter-id': voterIds[0] } })).text();
  children.push(
    await startRaw(RAW_PORT, { '/api/health': JSON.stringify({ status: 'ok' }), '/api/duels/next': sampleDuel }),
  );
  console.log(
    `bench-overhead: ${ROUNDS} rounds × ${DURATION}s per side (raw, ${sides.map((s) => s.name).join(', ')}), ` +
      `32 connections; ${canPin ? 'servers on core 1, autocannon on core 0' : 'not pinned'}; node ${process.version}; ` +
      `load average ${load()}${BEFORE_SERVER ? `\n  before = ${BEFORE_SERVER}` : ''}`,
  );
  for (const [name, loadOn] of [
    ['GET /api/health', health],
    ['GET /api/duels/next', nextDuel],
  ]) {
    await loadOn(url(RAW_PORT), { duration: 2 });
    for (const s of sides) await loadOn(url(s.port), { duration: 2 });
    const ratios = sides.map(() => []);
    const rates = sides.map(() => []);
    for (let i = 0; i < ROUNDS; i++) {
      const raw = await loadOn(url(RAW_PORT), { duration: DURATION });
      check(`${name} raw`, raw);
      for (const [k, s] of sides.entries()) {
        const r = await loadOn(url(s.port), { duration: DURATION });
        check(`${name} ${s.name}`, r);
        ratios[k].push(rate(r) / rate(raw));
        rates[k].push(rate(r));
      }
    }
    console.log(`\n${name}  (load average ${load()})`);
    for (const [k, s] of sides.entries())
      console.log(`  ${s.name.padEnd(7)} ${ratioText(ratios[k], null)}  ${Math.round(median(rates[k]))} req/s`);
    if (sides.length === 2) {
      const gain = ratios[1].map((x, i) => x / ratios[0][i]);
      console.log(`  after / before, per round: ${ratioText(gain, null)}`);
    }
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  for (const child of children) await stop(child);
  await onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((err) =>
    console.error(`could not drop ${dbName}: ${err.message}`),
  );
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
