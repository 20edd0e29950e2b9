// `npm run bench:search` (build first; needs a PostgreSQL server): the header's search at 10 000 jerseys
// (docs/decisions/0041-search.md), on PostgreSQL and on embedded PGlite side by side.
//
// - Each database is fresh (a `manto_bench_<random>` PostgreSQL database, dropped at the end, and a temporary
//   PGlite directory) with the same catalogue inserted by SQL: 500 teams with accented names × 4 models in
//   two languages × 5 seasons = 10 000 active jerseys, each with a global duel count (its popularity),
//   30 tournaments and 200 shop products (SHOP_ENABLED=true, so the index holds them too).
// - Measured once both servers have settled (their first ranking fit of the new catalogue done: settled()).
// - GET /api/search over HTTP, cycling through a mix of queries (accents left out, typos, several words,
//   English model names, two letters, nothing found), against GET /api/health on the same server as the
//   baseline: rounds of health then search (A B A B A B), the median ratio of their rates and its range.
// - Then p50 and p99 at an even pace of half the search's own measured maximum (bench-lib's paced()) (the goal: p99 ≤ 50 ms), with
//   the health check's at the same rate beside them, and one request at a time (a visitor typing alone).
//
// The index is in memory, built from the catalogue cache (docs/performance.md): both databases should
// measure alike, which is the point of measuring both. BENCH_SECONDS (default 5) sets each run;
// BENCH_PORT (default 3951) the first of its two ports.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import {
  benchDatabase,
  canPin,
  loadAverage,
  median,
  onPostgres,
  paced,
  pinLoadGenerator,
  ratioText,
  run,
  start,
  stop,
  waitFor,
  withCpuTime,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const PG_PORT = Number(process.env.BENCH_PORT ?? 3951);
const LITE_PORT = PG_PORT + 1;
const SERVER = 'apps/api/dist/server.js';
const P99_GOAL_MS = 50;
const url = (port) => `http://127.0.0.1:${port}`;

const METRICS_TOKEN = 'bench-search-reads-the-ranking-job-runs';
const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SHOP_ENABLED: 'true',
  METRICS_TOKEN,
  // The ranking job looks every 2 s, so the servers are seen settled soon after their first fit.
  RANKING_INTERVAL_SECONDS: '2',
};

// ——————————————————————————————————————————————— the catalogue ———————————————————————————————————————————————

const FIRST = [
  'Grêmio',
  'São',
  'Atlético',
  'Sport',
  'Real',
  'União',
  'Esporte',
  'Clube',
  'Associação',
  'Flamengo',
  'Internacional',
  'Botafogo',
  'Vasco',
  'Santos',
  'Náutico',
  'Ceará',
  'Paraná',
  'Goiás',
  'América',
  'Juventude',
  'Criciúma',
  'Avaí',
  'Bahia',
  'Vitória',
  'Fortaleza',
];
const SECOND = [
  'Paulo',
  'Mineiro',
  'Recife',
  'Porto Alegre',
  'Goiânia',
  'Curitiba',
  'Belém',
  'Natal',
  'Maceió',
  'Aracaju',
  'Campinas',
  'Santista',
  'Londrina',
  'Joinville',
  'Manaus',
  'Cuiabá',
  'Palmas',
  'Macapá',
  'Teresina',
  'Salvador',
];
const TEAMS = FIRST.length * SECOND.length;
const MODELS = [
  ['Titular', 'Home'],
  ['Reserva', 'Away'],
  ['Terceira', 'Third'],
  ['Goleiro', 'Goalkeeper'],
];
const SEASONS = [2015, 2019];
const JERSEYS = TEAMS * MODELS.length * (SEASONS[1] - SEASONS[0] + 1);

const text = (s) => `'${s.replaceAll("'", "''")}'`;
const teamName = (i) => `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length)]}`;

const CATALOGUE_SQL = `
  insert into suppliers (name, slug) values ('Bench Supplier', 'bench-supplier');
  insert into models (name, name_en, slug) values
    ${MODELS.map(([pt, en]) => `(${text(pt)}, ${text(en)}, ${text(`bench-${en.toLowerCase()}`)})`).join(',\n    ')};
  insert into teams (name, slug, country, city, base_color, category) values
    ${Array.from({ length: TEAMS }, (_, i) => `(${text(teamName(i))}, 'bench-team-${i}', 'Brasil', 'Recife', '#112233', 'club')`).join(',\n    ')};
  insert into jerseys (team_id, model_id, supplier_id, slug, season, model_year, main_color, image_source_text)
    select t.id, m.id, s.id, y || '-' || m.slug, y, y::text, '#ffffff', 'Bench'
      from teams t, models m, suppliers s, generate_series(${SEASONS[0]}, ${SEASONS[1]}) y
     where t.slug like 'bench-team-%' and m.slug like 'bench-%' and s.slug = 'bench-supplier';
  insert into live_ratings (scope, jersey_id, rating, games)
    select 'global', id, 1500, (abs(hashtext(id::text)) % 500) from jerseys;
  insert into tournaments (slug, name_pt, name_en, size, starts_at, round_hours, pool)
    select 'copa-' || i, 'Copa ' || (array[${SECOND.map(text).join(', ')}])[1 + i % ${SECOND.length}] || ' ' || (2000 + i),
           'Cup ' || (2000 + i), 8, now() + (i || ' days')::interval, 24, '{"kind":"hand","jerseyIds":[]}'
      from generate_series(1, 30) i;
  insert into products (slug, category, name_pt, name_en, description_pt, description_en, team, season, colours,
                        sizes, price_cents, reviews_count)
    select 'camisa-' || t.slug || '-' || y, 'jerseys', 'Camisa ' || t.name || ' ' || y, t.name || ' ' || y || ' shirt',
           'Camisa.', 'Shirt.', t.name, y::text, '{Branco}', '{M}', 25000, (abs(hashtext(t.slug)) % 300)
      from (select * from teams where slug like 'bench-team-%' order by slug limit 40) t,
           generate_series(${SEASONS[0]}, ${SEASONS[1]}) y;`;

/** What visitors type: accents and capitals left out, typos, several words, English names, two letters, nothing. */
const QUERIES = [
  'gremio',
  'sao paulo',
  'flamengo 2019 reserva',
  'flamngo',
  'atletico mineiro away',
  'uniao 2017',
  'real',
  'GOIAS',
  'gremio porto alegre terceira',
  'copa',
  'camisa santos',
  'goalkeeper 2016',
  'internacinal',
  'fortaleza 2018 home',
  'nautico recfe',
  'fl',
  'sa',
  'xyzzy',
];

// ———————————————————————————————————————————————— servers ————————————————————————————————————————————————

async function startServer(port, env) {
  const child = await start([SERVER], { ...SERVER_ENV, PORT: String(port), ...env });
  await waitFor(`${url(port)}/api/ready`);
  return child;
}

/**
 * Until the server's ranking job has fitted the catalogue and then found nothing left to fit. A first fit of
 * 10 000 jerseys (501 scopes, then the segments) keeps a core busy for tens of seconds, and on PGlite its
 * writes hold the server's event loop for over a second at a time: measured during it, the search's tail
 * is the fit's, on both servers (they share a core).
 */
async function settled(port) {
  const runs = async () => {
    const res = await fetch(`${url(port)}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const count = (result) =>
      Number(new RegExp(`manto_ranking_job_runs_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    return { fitted: count('fitted'), idle: count('idle') };
  };
  const deadline = Date.now() + 10 * 60_000;
  let idleAfterFit = null;
  while (Date.now() < deadline) {
    const { fitted, idle } = await runs();
    if (fitted > 0 && idleAfterFit === null) idleAfterFit = idle;
    if (idleAfterFit !== null && idle > idleAfterFit) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on ${port} was still fitting after 10 minutes`);
}

/** PGlite lives inside the server process: start once to migrate, stop, insert the catalogue by SQL. */
async function preparePglite(dataDir) {
  await stop(await startServer(LITE_PORT, { DATA_DIR: dataDir }));
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  await db.exec(CATALOGUE_SQL);
  await db.close();
}

// ————————————————————————————————————————————————— loads —————————————————————————————————————————————————

const searchPath = (q) => `/api/search?q=${encodeURIComponent(q)}`;
const searchLoad = (base, opts) => {
  let i = 0;
  return run({
    url: base,
    ...opts,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: searchPath(QUERIES[i++ % QUERIES.length]) }) }],
  });
};
const healthLoad = (base, opts) => run({ url: `${base}/api/health`, ...opts });

const rate = (r) => r.requests.total / r.duration;
const tail = (r) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
function check(name, r) {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
}

/** One request at a time, each timed from the request to the whole answer: what one visitor typing sees. */
async function oneAtATime(base, n, pathOf) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${pathOf(i)}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pathOf(i)}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)], p99: times[Math.floor(n * 0.99)] };
}
const ms = (x) => `${x.toFixed(2)} ms`;

/**
 * `pid` is the server's: the CPU it spends per request (from /proc), which a busy machine barely changes,
 * is printed beside the rates and latencies, which it does.
 */
async function measure(name, base, pid) {
  // The first query builds the index (and loads the catalogue cache): timed once, apart.
  const started = performance.now();
  const first = await (await fetch(`${base}${searchPath('gremio')}`)).json();
  const firstMs = performance.now() - started;
  const found = await (await fetch(`${base}${searchPath('flamengo 2019 reserva')}`)).json();
  if (found.jerseys.length === 0 || first.teams.length === 0) throw new Error(`${name}: the catalogue is not indexed`);

  await healthLoad(base, { duration: 2 });
  await searchLoad(base, { duration: 2 });
  const ratios = [];
  const runs = [];
  const healthCpu = [];
  for (let i = 0; i < ROUNDS; i++) {
    const health = await withCpuTime(pid, () => healthLoad(base, { duration: DURATION }));
    check(`${name} health`, health);
    const search = await withCpuTime(pid, () => searchLoad(base, { duration: DURATION }));
    check(`${name} search`, search);
    ratios.push(rate(search) / rate(health));
    runs.push(search);
    healthCpu.push(health.cpuUs);
  }
  const max = median(runs.map(rate));
  const cpu = (xs) => (xs.includes(null) ? 'n/a' : `${Math.round(median(xs))} µs`);
  console.log(
    `${`GET /api/search (${name})`.padEnd(30)} ${ratioText(ratios, null)} of /api/health  ` +
      `search ${Math.round(max)} req/s, ${tail(runs.at(-1))}; server CPU per request ${cpu(runs.map((r) => r.cpuUs))} ` +
      `(health ${cpu(healthCpu)})  (first query, loading the catalogue and building the index: ${firstMs.toFixed(0)} ms)`,
  );
  // At an even pace (paced()), with the health check at the same rate beside it: what this machine's noise
  // and the server's own pauses (garbage collection, its jobs) cost any route's tail.
  const target = 0.5 * max;
  const fixed = await paced(base, (i) => searchPath(QUERIES[i % QUERIES.length]), target, DURATION);
  const healthFixed = await paced(base, () => '/api/health', target, DURATION);
  if (fixed.failed + healthFixed.failed > 0)
    throw new Error(`${name}: ${fixed.failed + healthFixed.failed} failed at the even pace`);
  const good = fixed.p99 <= P99_GOAL_MS;
  const pace = (r) => `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`;
  console.log(
    `${`  at 50% load (${Math.round(target)} req/s)`.padEnd(30)} ${pace(fixed)} (goal p99 ≤ ${P99_GOAL_MS} ms)` +
      `${good ? '' : '  OFF GOAL'}; health at the same rate ${pace(healthFixed)} (requests at an even pace)`,
  );
  const alone = await oneAtATime(base, 500, (i) => searchPath(QUERIES[i % QUERIES.length]));
  const healthAlone = await oneAtATime(base, 500, () => '/api/health');
  console.log(
    `${'  one request at a time'.padEnd(30)} search p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}; ` +
      `health p50 ${ms(healthAlone.p50)}, p99 ${ms(healthAlone.p99)} (500 each)`,
  );
  return max;
}

// ———————————————————————————————————————————————— the run ————————————————————————————————————————————————

if (!existsSync(SERVER)) {
  console.error(`bench-search: ${SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
pinLoadGenerator();
const db = benchDatabase();
const dirs = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'manto-bench-search-'));
  dirs.push(d);
  return d;
};
const children = new Set();
await db.create();
try {
  console.log(
    `bench-search: ${JERSEYS} jerseys (${TEAMS} teams × ${MODELS.length} models × ${SEASONS[1] - SEASONS[0] + 1} seasons), ` +
      `30 tournaments, 200 products; ${QUERIES.length} queries in turn; ${ROUNDS} rounds × ${DURATION}s, 32 connections, ` +
      `baseline GET /api/health on the same server; ${canPin ? 'servers on core 1, autocannon on core 0 (taskset)' : 'not pinned (no taskset)'}; ` +
      `node ${process.version}; load average ${loadAverage()}\n`,
  );
  const pgDir = tempDir();
  const liteDir = tempDir();
  await preparePglite(liteDir);
  const pgServer = await startServer(PG_PORT, { DATABASE_URL: db.url, DATA_DIR: pgDir });
  children.add(pgServer);
  await onPostgres(db.url, (c) => c.query(CATALOGUE_SQL));
  const liteServer = await startServer(LITE_PORT, { DATA_DIR: liteDir });
  children.add(liteServer);
  const fitting = performance.now();
  await Promise.all([settled(PG_PORT), settled(LITE_PORT)]);
  console.log(
    `both servers settled (first ranking fits done) in ${((performance.now() - fitting) / 1000).toFixed(0)} s\n`,
  );

  const pg = await measure('PostgreSQL', url(PG_PORT), pgServer.pid);
  const lite = await measure('PGlite', url(LITE_PORT), liteServer.pid);
  console.log(`${'PGlite vs PostgreSQL'.padEnd(30)} ${(lite / pg).toFixed(2)}× the search's rate (measured in turn)`);
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  for (const child of children) await stop(child);
  await db.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
