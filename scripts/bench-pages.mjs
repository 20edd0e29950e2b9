// `node scripts/bench-pages.mjs` (build first, web and API): what the SPA page handler costs per page, for this
// build and, with BENCH_BEFORE_SERVER, another build's dist/server.js measured side by side in the same rounds
// (docs/performance.md). Pages: a jersey page in Portuguese and in English (gzip, as browsers ask), the global
// ranking, a team's jerseys page. Prints each side's requests per second and CPU time per request (from /proc),
// and after/before per round. Needs a PostgreSQL server (BENCH_DATABASE_URL), where it creates and drops its own
// database with the bench catalogue (200 jerseys, each with a picture row) and a global ranking snapshot.
//
// BENCH_SECONDS (default 5) per run; BENCH_ROUNDS (default 3); BENCH_PORT (default 3961) and the next two ports.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  stop,
  waitFor,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3961);
const AFTER_SERVER = 'apps/api/dist/server.js';
const BEFORE_SERVER = process.env.BENCH_BEFORE_SERVER ?? null;
const url = (port) => `http://127.0.0.1:${port}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'https://manto.example',
  RANKING_INTERVAL_SECONDS: '86400',
};

/** Every jersey gets one picture row (the page names its files; their bytes are not read) and a global rank. */
const RANKING_SQL = `
  insert into images (id, width, height, variants, original_type, byte_size)
    values ('00000000-0000-4000-8000-000000000001', 1200, 1200, '{192,320,640,1200}', 'image/png', 1000);
  update jerseys set image_id = '00000000-0000-4000-8000-000000000001';
  insert into ranking_fits (scope, fitted_at, votes, digest, rounds, duration_ms)
    values ('global', '2200-01-01T00:00:00Z', 10000, 'bench', 1, 1);
  insert into ranking_entries (fit_id, jersey_id, rank, rank_ub, score, lower, upper, wins, losses, ties, provisional)
    select (select max(id) from ranking_fits), j.id, row_number() over (order by j.slug, t.slug),
           row_number() over (order by j.slug, t.slug), 1500 - row_number() over (order by j.slug, t.slug),
           1400, 1600, 50, 40, 10, false
      from jerseys j join teams t on t.id = j.team_id;`;

const PAGES = [
  { name: 'jersey page, pt', path: '/app/camisas/time/bench-team-7/2019-bench-home', language: 'pt-BR,pt;q=0.9' },
  { name: 'jersey page, en', path: '/app/camisas/time/bench-team-7/2019-bench-home', language: 'en-GB,en;q=0.9' },
  { name: 'global ranking, pt', path: '/app/rankings', language: 'pt-BR' },
  { name: "a team's jerseys, pt", path: '/app/camisas/time/bench-team-7', language: 'pt-BR' },
];

if (!existsSync(AFTER_SERVER) || (BEFORE_SERVER && !existsSync(BEFORE_SERVER))) {
  console.error(`bench-pages: ${AFTER_SERVER} or ${BEFORE_SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
if (!existsSync('apps/web/dist/index.html')) {
  console.error('bench-pages: apps/web/dist is missing; run `npm run build` first');
  process.exit(1);
}
pinLoadGenerator();

const page = (base, { path: p, language }, opts) =>
  run({
    url: `${base}${p}`,
    headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': language, accept: 'text/html' },
    ...opts,
  });
const rate = (r) => r.requests.total / r.duration;
/** CPU seconds (user + system) a process has used, from /proc (Linux; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
async function measured(pid, base, target, opts) {
  const before = cpuSeconds(pid);
  const r = await page(base, target, opts);
  const after = cpuSeconds(pid);
  r.cpuUs = before === null || after === null ? null : ((after - before) * 1e6) / r.requests.total;
  return r;
}
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
const children = new Set();
await onPostgres(ADMIN_URL, (c) => c.query(`create database ${dbName}`));
try {
  const sides = [{ name: 'after', server: AFTER_SERVER, port: PORT + 1 }];
  if (BEFORE_SERVER) sides.unshift({ name: 'before', server: BEFORE_SERVER, port: PORT + 2 });
  for (const side of sides) {
    side.dir = mkdtempSync(path.join(tmpdir(), 'manto-bench-pages-'));
    dirs.push(side.dir);
  }
  async function up(side) {
    const env = { ...SERVER_ENV, PORT: String(side.port), DATABASE_URL: pgUrl, DATA_DIR: side.dir };
    side.child = await start([side.server], env);
    children.add(side.child);
    await waitFor(`${url(side.port)}/api/ready`);
  }
  async function down(side) {
    children.delete(side.child);
    await stop(side.child);
  }
  // The first start migrates the database; the catalogue and the ranking are written once for all rounds.
  await up(sides[0]);
  await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL + RANKING_SQL));
  await down(sides[0]);
  console.log(
    `bench-pages: ${ROUNDS} rounds × ${DURATION}s per side (${sides.map((s) => s.name).join(', ')}), ` +
      `32 connections, fresh app processes each round; ${canPin ? 'servers on core 1, autocannon on core 0' : 'not pinned'}; ` +
      `node ${process.version}; load average ${load()}${BEFORE_SERVER ? `\n  before = ${BEFORE_SERVER}` : ''}`,
  );
  const results = PAGES.map(() => ({
    rates: sides.map(() => []),
    cpu: sides.map(() => []),
    bytes: sides.map(() => 0),
  }));
  for (let i = 0; i < ROUNDS; i++) {
    for (const side of sides) await up(side);
    const order = [...sides.entries()];
    if (i % 2 === 1) order.reverse();
    for (const [p, target] of PAGES.entries()) {
      for (const side of sides) await page(url(side.port), target, { duration: 2 });
      for (const [k, side] of order) {
        const r = await measured(side.child.pid, url(side.port), target, { duration: DURATION });
        check(`${target.name} ${side.name}`, r);
        results[p].rates[k].push(rate(r));
        results[p].cpu[k].push(r.cpuUs);
        results[p].bytes[k] = Math.round(r.throughput.total / r.requests.total);
      }
    }
    for (const side of sides) await down(side);
  }
  for (const [p, target] of PAGES.entries()) {
    const { rates, cpu, bytes } = results[p];
    console.log(`\nGET ${target.path} (${target.name})`);
    for (const [k, s] of sides.entries())
      console.log(
        `  ${s.name.padEnd(7)} ${Math.round(median(rates[k]))} req/s (range ${Math.round(Math.min(...rates[k]))}–` +
          `${Math.round(Math.max(...rates[k]))}); CPU per request ${cpu[k][0] === null ? 'n/a' : `${median(cpu[k]).toFixed(0)} µs`}; ` +
          `${bytes[k]} bytes per answer`,
      );
    if (sides.length === 2) {
      console.log(
        `  after / before, per round: throughput ${ratioText(
          rates[1].map((x, j) => x / rates[0][j]),
          null,
        )}`,
      );
      if (cpu[0][0] !== null)
        console.log(
          `  after / before CPU per request: ${ratioText(
            cpu[1].map((x, j) => x / cpu[0][j]),
            null,
          )}`,
        );
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
