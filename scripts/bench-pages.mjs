// `node scripts/bench-pages.mjs` (build first, web and API): what the SPA page handler costs per page, for this
// build and, with BENCH_BEFORE_SERVER, another build's dist/server.js measured side by side in the same rounds
// (docs/perf/head-tags.md). Pages: a jersey page in Portuguese and in English (gzip, as browsers ask), the global
// ranking, a team's jerseys page. Prints each side's requests per second and CPU time per request (from /proc),
// and after/before per round; then, for a side that has them, how long a jersey's and the ranking's share images
// take to answer the first time (drawn) and the second (from memory), in a fresh process each round. Needs a
// PostgreSQL server (BENCH_DATABASE_URL), where it creates and drops its own database with the bench catalogue
// (200 jerseys, all with one uploaded picture) and a global ranking snapshot.
//
// BENCH_SECONDS (default 5) per run; BENCH_ROUNDS (default 3); BENCH_PORT (default 3961) and the next two ports.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  CATALOGUE_SQL,
  benchDatabase,
  canPin,
  check,
  loadAverage,
  median,
  onPostgres,
  pinLoadGenerator,
  ratioText,
  run,
  sideProcesses,
  stop,
  withCpuTime,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3961);
// BENCH_SERVER measures another build as 'after' (this checkout's by default).
const AFTER_SERVER = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';
const BEFORE_SERVER = process.env.BENCH_BEFORE_SERVER ?? null;
const url = (port) => `http://127.0.0.1:${port}`;

const ADMIN = { email: 'bench-admin@manto.example', password: 'bench-pages-admin-password' };
const SERVER_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'https://manto.example',
  RANKING_INTERVAL_SECONDS: '86400',
};

/** Every jersey has a global rank. */
const RANKING_SQL = `
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
const measured = (pid, base, target, opts) => withCpuTime(pid, () => page(base, target, opts));

/** A jersey-like picture uploaded as an Admin, then given to every jersey. */
async function uploadPicture(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { accessToken } = await login.json();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#fff"/>' +
    '<path d="M330,95 Q400,150 470,95 L585,130 L705,300 L625,355 L560,300 L555,720 Q400,742 245,720 L240,300 ' +
    'L175,355 L95,300 L215,130 Z" fill="#c8102e" stroke="#111" stroke-width="8"/></svg>';
  const upload = await fetch(`${base}/api/manage/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/png' },
    body: await sharp(Buffer.from(svg)).png().toBuffer(),
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { id } = await upload.json();
  await onPostgres(pgUrl, (c) => c.query('update jerseys set image_id = $1', [id]));
}

/** A share image's answer time, in ms, from the og:image of the page at `path` (null when the side has none). */
async function shareImageTimes(base, path) {
  const html = await (await fetch(`${base}${path}`)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  if (!image) return null;
  const target = `${base}${new URL(image).pathname}`;
  const times = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const res = await fetch(target);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const db = benchDatabase();
const pgUrl = db.url;
const dirs = [];
const children = new Set();
await db.create();
try {
  const sides = [{ name: 'after', server: AFTER_SERVER, port: PORT + 1 }];
  if (BEFORE_SERVER) sides.unshift({ name: 'before', server: BEFORE_SERVER, port: PORT + 2 });
  // One data folder for both sides: the uploaded picture's files are read by either.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'manto-bench-pages-'));
  dirs.push(dataDir);
  for (const side of sides) side.dir = dataDir;
  const { up, down } = sideProcesses({ ...SERVER_ENV, DATABASE_URL: pgUrl }, children);
  // The first start migrates the database; the catalogue and the ranking are written once for all rounds.
  await up(sides[0]);
  await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL + RANKING_SQL));
  await uploadPicture(url(sides[0].port));
  await down(sides[0]);
  console.log(
    `bench-pages: ${ROUNDS} rounds × ${DURATION}s per side (${sides.map((s) => s.name).join(', ')}), ` +
      `32 connections, fresh app processes each round; ${canPin ? 'servers on core 1, autocannon on core 0' : 'not pinned'}; ` +
      `node ${process.version}; load average ${loadAverage()}${BEFORE_SERVER ? `\n  before = ${BEFORE_SERVER}` : ''}`,
  );
  const results = PAGES.map(() => ({
    rates: sides.map(() => []),
    cpu: sides.map(() => []),
    bytes: sides.map(() => 0),
  }));
  const IMAGES = [
    { name: "a jersey's share image", path: PAGES[0].path },
    { name: "the global ranking's share image", path: '/app/rankings' },
  ];
  const images = IMAGES.map(() => sides.map(() => ({ first: [], cached: [] })));
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
    // A fresh process, after the page loads: the first answer draws the image, the second is from memory.
    for (const [k, side] of sides.entries())
      for (const [n, { path: p }] of IMAGES.entries()) {
        const times = await shareImageTimes(url(side.port), p);
        if (times) {
          images[n][k].first.push(times[0]);
          images[n][k].cached.push(times[1]);
        }
      }
    for (const side of sides) await down(side);
  }
  for (const [n, { name }] of IMAGES.entries())
    for (const [k, s] of sides.entries()) {
      const { first, cached } = images[n][k];
      if (first.length > 0)
        console.log(
          `${name} (${s.name}): first answer ${median(first).toFixed(0)} ms (drawn; ` +
            `${Math.min(...first).toFixed(0)}–${Math.max(...first).toFixed(0)}), ` +
            `then ${median(cached).toFixed(1)} ms (from memory)`,
        );
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
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  for (const child of children) await stop(child);
  await db.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
