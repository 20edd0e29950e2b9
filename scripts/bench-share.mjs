// `npm run bench:share` (build first): does a burst of share-image requests slow the next duel? The built
// server runs on embedded PGlite with the demo data (SEED_DEMO=true: about 230 jerseys with pictures, votes, a
// ranking, tournaments), pinned to core 1 with the threads it draws on; the load generators run on core 0.
//
// - The share images: every public page of the sitemap in both languages names one (a jersey's card, a team's
//   ranking, the global ranking, a tournament, the site's); its current address is where the route sends an
//   older version (302), and a jersey page's og:image is checked against it.
// - Rounds, each in a fresh server process on the same data (so every image is cold again): 24 images (the
//   site's, the global ranking's, ten jerseys', in both languages) are drawn one at a time with nothing else
//   running (the cold answer alone) and asked again from memory; they are the cached set. Then four runs of
//   BENCH_SECONDS: GET /api/duels/next (1 000 server-issued visitor ids in turn, 32 connections) at a fixed
//   rate of half its own maximum (measured in the first round), alone and then during a burst; then at full
//   speed, alone and during a burst. A burst is a second process: autocannon asking the cached images at
//   BENCH_SHARE_RATE a second, and BENCH_SHARE_COLD clients asking the cold ones in a random order, each once
//   (a client told 503 waits a second, and its image goes to the back of the list).
// - Prints one table: the next duel's p50, p99 and req/s alone and during the bursts with their ratios
//   (medians over the rounds); the server's event-loop delay (from /api/metrics); the cached images' p50/p99
//   alone and during the bursts; the cold images' first answers; how many images were drawn. The goal (p99
//   during a burst ≤ 1.2× alone) is printed, never enforced: the process fails only on errors.
//
// BENCH_SECONDS (default 10), BENCH_ROUNDS (default 3), BENCH_PORT (default 3971), BENCH_SERVER (another
// build's server.js), BENCH_SHARE_RATE (cached images a second, default 200), BENCH_SHARE_COLD (clients asking
// cold images at once, default 24: more than the 16 renders the server lets wait, so some are told 503).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  canPin,
  check,
  issueVisitorIds,
  loadAverage,
  median,
  nextDuelRequest,
  pinLoadGenerator,
  readMetrics,
  run,
  start,
  stop,
  waitFor,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3971);
const SERVER = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';
const SHARE_RATE = Number(process.env.BENCH_SHARE_RATE ?? 200);
const COLD_CLIENTS = Number(process.env.BENCH_SHARE_COLD ?? 24);
const BASE = `http://127.0.0.1:${PORT}`;
const VISITORS = 1_000;
/** Jersey cards drawn before the runs (both languages of each), with the site's and the global ranking's. */
const CACHED_JERSEYS = 10;
const CACHED_GOAL_MS = 300;
const P99_RATIO_GOAL = 1.2;
const METRICS_TOKEN = randomBytes(24).toString('hex');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rate = (r) => r.requests.total / r.duration;
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

// ————————————————————————————————— the burst: its own process, on core 0 —————————————————————————————————

/**
 * Reads its orders as JSON on stdin ({ base, cached, cold, seconds }), writes `started` once it has begun,
 * then its figures as one line of JSON: the cached run's autocannon figures and each cold answer.
 */
async function burst() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { base, cached, cold, seconds } = JSON.parse(input);
  const end = performance.now() + seconds * 1000;
  const queue = [...cold];
  const answers = { drawn: [], refused: [], moved: 0, other: 0, asked: [] };
  process.stdout.write('started\n');
  const cachedRun = run({
    url: base,
    duration: seconds,
    connections: 32,
    overallRate: SHARE_RATE,
    requests: cached.map((p) => ({ method: 'GET', path: p })),
  });
  const client = async () => {
    while (performance.now() < end && queue.length > 0) {
      const p = queue.shift();
      const started = performance.now();
      try {
        const res = await fetch(`${base}${p}`, { redirect: 'manual' });
        await res.arrayBuffer();
        const ms = performance.now() - started;
        if (res.status === 200) {
          answers.drawn.push(ms);
          answers.asked.push(p);
        } else if (res.status === 503) {
          answers.refused.push(ms);
          queue.push(p);
          await sleep(1000);
        } else if (res.status === 302) {
          answers.moved++;
          answers.asked.push(p);
        } else answers.other++;
      } catch {
        answers.other++;
      }
    }
  };
  const [r] = await Promise.all([cachedRun, ...Array.from({ length: COLD_CLIENTS }, client)]);
  const cachedFigures = {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    rate: rate(r),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  process.stdout.write(`${JSON.stringify({ cached: cachedFigures, cold: answers, left: queue.length })}\n`);
}

if (process.argv[2] === '--burst') {
  await burst();
  process.exit(0);
}

/** Starts a burst process for `seconds` and resolves once it has begun; `done` resolves with its figures. */
async function startBurst(cached, cold, seconds) {
  const self = fileURLToPath(import.meta.url);
  const [cmd, argv] = canPin
    ? ['taskset', ['-c', '0', process.execPath, self, '--burst']]
    : [process.execPath, [self, '--burst']];
  const child = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ base: BASE, cached, cold, seconds }));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'started') throw new Error(`the burst did not start (${first.value})`);
  const done = lines.next().then(({ value }) => {
    if (!value) throw new Error('the burst ended without its figures');
    return JSON.parse(value);
  });
  return { child, done };
}

// ——————————————————————————————————————————— the share images ———————————————————————————————————————————

/** The share route's prefix for a page of the sitemap (its path as the sitemap writes it, segments encoded). */
function shareTarget(page) {
  let m;
  if ((m = /^\/app\/camisas\/time\/([^/]+)\/([^/]+)$/.exec(page))) return `/api/share/jersey/${m[1]}/${m[2]}`;
  if ((m = /^\/app\/rankings\/times\/([^/]+)$/.exec(page))) return `/api/share/ranking/${m[1]}`;
  if (page === '/app/rankings') return '/api/share/ranking';
  if ((m = /^\/app\/torneios\/([^/]+)$/.exec(page))) return `/api/share/tournament/${m[1]}`;
  return '/api/share/site';
}

/** Every share image the sitemap's pages name, in both languages: its current address, never drawn yet. */
async function shareImages() {
  const xml = await (await fetch(`${BASE}/sitemap.xml`)).text();
  const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1].replaceAll('&amp;', '&')))
    .filter((u) => !u.searchParams.has('lang'))
    .map((u) => u.pathname);
  const targets = [...new Set(pages.map(shareTarget))];
  const out = [];
  for (let i = 0; i < targets.length; i += 16)
    out.push(
      ...(await Promise.all(
        targets.slice(i, i + 16).flatMap((target) =>
          ['pt', 'en'].map(async (language) => {
            // A version that is not today's is sent on to today's address.
            const res = await fetch(`${BASE}${target}/${language}-0000000000.png`, { redirect: 'manual' });
            await res.arrayBuffer();
            const location = res.headers.get('location');
            if (res.status !== 302 || !location) throw new Error(`${target} (${language}): ${res.status}`);
            return { target, language, path: location };
          }),
        ),
      )),
    );
  return { pages: pages.length, images: out };
}

/** GETs `p` and returns its answer time in ms; throws unless it is a PNG answered 200. */
async function timedImage(p) {
  const started = performance.now();
  const res = await fetch(`${BASE}${p}`);
  const bytes = await res.arrayBuffer();
  if (res.status !== 200 || res.headers.get('content-type') !== 'image/png')
    throw new Error(`${p}: ${res.status} ${res.headers.get('content-type')}`);
  return { ms: performance.now() - started, bytes: bytes.byteLength };
}

/** The og:image of a page as the page's head names it (null when the web build is missing). */
async function pageImage(page, language) {
  if (!existsSync('apps/web/dist/index.html')) return null;
  const html = await (
    await fetch(`${BASE}${page}${language === 'en' ? '?lang=en' : ''}`, { headers: { accept: 'text/html' } })
  ).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  return image ? new URL(image).pathname : null;
}

// ———————————————————————————————————————————————— the run ————————————————————————————————————————————————

if (!existsSync(SERVER)) {
  console.error(`bench-share: ${SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
pinLoadGenerator();
const dataDir = mkdtempSync(path.join(tmpdir(), 'manto-bench-share-'));
const SERVER_ENV = {
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  // One secret for every process of the run: the visitor ids stay valid.
  JWT_SECRET: randomBytes(32).toString('hex'),
  METRICS_TOKEN,
  // One fit once the demo is in place, then none while measuring: the cards' ranks stay as they are. The
  // segment rankings (on no card) are not fitted at each start.
  RANKING_INTERVAL_SECONDS: '86400',
  SEGMENTS_ENABLED: 'false',
};
let server = null;
const bursts = new Set();
const metric = async (name) => (await readMetrics(BASE, METRICS_TOKEN)).get(name);
try {
  // ——— the first start seeds the demo; every round runs in a fresh process on it (every image cold again)
  const started = Date.now();
  server = await start([SERVER], SERVER_ENV);
  // Two minutes to start and three to draw the demo (PGlite, a busy machine), as bench:web allows.
  await waitFor(`${BASE}/api/ready`, undefined, 120);
  // The demo is seeded in the background; the ranking job's first fit (a fittedAt of now, not one of the
  // demo's past snapshots) follows it.
  await waitFor(
    `${BASE}/api/rankings`,
    async (res) => {
      const fittedAt = res.ok ? (await res.json()).fittedAt : null;
      return fittedAt !== null && Date.parse(fittedAt) >= started;
    },
    180,
  );
  const seeded = (Date.now() - started) / 1000;
  const { pages, images } = await shareImages();
  const jerseyCards = images.filter((i) => i.target.startsWith('/api/share/jersey/'));
  const sample = jerseyCards[0];
  const samplePage = `/app/camisas/time/${sample.target.split('/').slice(4).join('/')}`;
  const named = await pageImage(samplePage, sample.language);
  const visitors = await issueVisitorIds(BASE, VISITORS);
  await stop(server);
  server = null;

  const cachedSet = [
    ...images.filter((i) => i.target === '/api/share/site' || i.target === '/api/share/ranking'),
    ...jerseyCards.slice(0, CACHED_JERSEYS * 2),
  ];
  const cached = cachedSet.map((i) => i.path);
  const allCold = images.filter((i) => !cachedSet.includes(i)).map((i) => i.path);
  let turn = 0;
  const nextDuel = (opts) =>
    run({ url: BASE, ...opts, requests: [nextDuelRequest(() => visitors[turn++ % VISITORS])] });

  console.log(
    `bench-share: ${ROUNDS} rounds × 4 runs × ${DURATION}s, a fresh server process each round; GET /api/duels/next ` +
      `with 32 connections and ${VISITORS} visitor ids; ` +
      `${canPin ? 'server on core 1 (with the threads it draws on), load generators on core 0' : 'not pinned (no taskset)'}; ` +
      `node ${process.version}; load average ${loadAverage()}`,
  );
  console.log(
    `  demo data on PGlite, ready ${seeded.toFixed(0)} s after the first start; the sitemap's ${pages} pages name ` +
      `${images.length} share images (${jerseyCards.length} jersey cards); each round draws ${cached.length} first, ` +
      `one at a time, and leaves ${allCold.length} cold`,
  );
  if (named !== null)
    console.log(
      `  ${samplePage}${sample.language === 'en' ? '?lang=en' : ''} names ${named}: ` +
        `${named === sample.path ? 'the address the route sent to' : `NOT ${sample.path}`}`,
    );
  console.log(
    `  a burst: ${SHARE_RATE} cached images a second (autocannon, 32 connections, over the ${cached.length} drawn) ` +
      `and ${COLD_CLIENTS} clients asking cold images, each once\n`,
  );

  const alone = [];
  const fromMemory = [];
  let bytes = 0;
  let target = null;
  let kinds = null;
  let figures = null;
  const burstFigures = [];
  const lag = (m) => ({
    p99: m.get('manto_nodejs_eventloop_lag_p99_seconds') * 1000,
    max: m.get('manto_nodejs_eventloop_lag_max_seconds') * 1000,
  });
  for (let round = 0; round < ROUNDS; round++) {
    server = await start([SERVER], SERVER_ENV);
    await waitFor(`${BASE}/api/ready`, undefined, 120);
    // Drawn one at a time with nothing else running: the cold answer alone; then each from memory, five times.
    for (const p of cached) {
      const first = await timedImage(p);
      alone.push(first.ms);
      bytes += first.bytes;
    }
    for (let i = 0; i < 5; i++) for (const p of cached) fromMemory.push((await timedImage(p)).ms);
    let cold = [...allCold];
    for (let i = cold.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [cold[i], cold[j]] = [cold[j], cold[i]];
    }
    // Warm-up; in the first round, the next duel's own maximum: the fixed-rate runs ask for half of it.
    await nextDuel({ duration: 2 });
    if (round === 0) {
      const calibration = await nextDuel({ duration: DURATION });
      check('next duel, calibration', calibration);
      target = Math.round(rate(calibration) / 2);
      kinds = [
        { name: `at ${target} req/s (half the maximum)`, opts: { duration: DURATION, overallRate: target } },
        { name: 'at full speed', opts: { duration: DURATION } },
      ];
      figures = kinds.map(() => ({ alone: [], burst: [], loopAlone: [], loopBurst: [] }));
    }
    let drawnBefore = await metric('manto_share_images_drawn');
    for (const [k, kind] of kinds.entries()) {
      await readMetrics(BASE, METRICS_TOKEN);
      const a = await nextDuel(kind.opts);
      check(`next duel ${kind.name}, alone`, a);
      const loopA = await readMetrics(BASE, METRICS_TOKEN);

      // The burst runs a little longer than the next duel's run, so it covers all of it.
      const b = await startBurst(cached, cold, DURATION + 1);
      bursts.add(b.child);
      await readMetrics(BASE, METRICS_TOKEN);
      const d = await nextDuel(kind.opts);
      const loopB = await readMetrics(BASE, METRICS_TOKEN);
      const result = await b.done;
      await new Promise((r) => (b.child.exitCode === null ? b.child.once('exit', r) : r()));
      bursts.delete(b.child);
      check(`next duel ${kind.name}, during a burst`, d);
      const asked = new Set(result.cold.asked);
      cold = cold.filter((p) => !asked.has(p));
      const drawnNow = await metric('manto_share_images_drawn');
      burstFigures.push({ ...result, drawn: drawnNow - drawnBefore });
      drawnBefore = drawnNow;

      figures[k].alone.push(a);
      figures[k].burst.push(d);
      figures[k].loopAlone.push(lag(loopA));
      figures[k].loopBurst.push(lag(loopB));
      console.log(
        `  round ${round + 1}, ${kind.name}: alone p50 ${a.latency.p50} ms, p99 ${a.latency.p99} ms, ${Math.round(rate(a))} req/s; ` +
          `during the burst p50 ${d.latency.p50} ms, p99 ${d.latency.p99} ms, ${Math.round(rate(d))} req/s; ` +
          `${burstFigures.at(-1).drawn} drawn, cached p99 ${result.cached.p99} ms; load average ${loadAverage()}`,
      );
    }
    await stop(server);
    server = null;
  }

  // ——— the table
  const f0 = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
  const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  const rows = [];
  let p99Ratio = NaN;
  for (const [k, kind] of kinds.entries()) {
    const { alone: quiet, burst: during, loopAlone, loopBurst } = figures[k];
    for (const [label, pick, fmt] of [
      ['p50 (ms)', (r) => r.latency.p50, f1],
      ['p99 (ms)', (r) => r.latency.p99, f1],
      ['req/s', rate, f0],
    ]) {
      const ratios = during.map((r, i) => pick(r) / pick(quiet[i]));
      if (k === 0 && label === 'p99 (ms)') p99Ratio = median(ratios);
      rows.push([
        `next duel ${kind.name}, ${label}`,
        fmt(median(quiet.map(pick))),
        fmt(median(during.map(pick))),
        `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
      ]);
    }
    rows.push([
      `  server event-loop delay p99 / max (ms)`,
      `${f1(median(loopAlone.map((l) => l.p99)))} / ${f1(median(loopAlone.map((l) => l.max)))}`,
      `${f1(median(loopBurst.map((l) => l.p99)))} / ${f1(median(loopBurst.map((l) => l.max)))}`,
      '',
    ]);
  }
  const all = (key) => burstFigures.flatMap((b) => b.cold[key]);
  const cachedP99 = median(burstFigures.map((b) => b.cached.p99));
  const drawn = burstFigures.map((b) => b.drawn);
  rows.push(
    [
      `cached images, p50 / p99 (ms; goal p99 ≤ ${CACHED_GOAL_MS})`,
      `${f1(median(fromMemory))} / ${f1(quantile(fromMemory, 0.99))}`,
      `${f1(median(burstFigures.map((b) => b.cached.p50)))} / ${f1(cachedP99)}`,
      cachedP99 <= CACHED_GOAL_MS ? 'met during bursts' : 'OFF GOAL during bursts',
    ],
    [
      '  cached images answered (req/s), non-2xx',
      '',
      `${f0(median(burstFigures.map((b) => b.cached.rate)))}, ` +
        `${burstFigures.reduce((n, b) => n + b.cached.non2xx + b.cached.errors, 0)}`,
      '',
    ],
    [
      'cold image, first answer (drawn, 200) p50 / p99 / max (ms)',
      `${f0(median(alone))} / ${f0(quantile(alone, 0.99))} / ${f0(Math.max(...alone))}`,
      `${f0(quantile(all('drawn'), 0.5))} / ${f0(quantile(all('drawn'), 0.99))} / ${f0(Math.max(...all('drawn')))}`,
      '',
    ],
    [
      'cold image told 503 (come back later), p50 (ms), count',
      '',
      `${f1(quantile(all('refused'), 0.5))}, ${all('refused').length}`,
      '',
    ],
    [
      'images drawn (per burst: median, range; in all)',
      `${cached.length} a round (${Math.round(bytes / alone.length / 1024)} kB each)`,
      `${median(drawn)} (${Math.min(...drawn)}–${Math.max(...drawn)}); ${drawn.reduce((n, x) => n + x, 0)}`,
      '',
    ],
  );
  const moved = burstFigures.reduce((n, b) => n + b.cold.moved, 0);
  const other = burstFigures.reduce((n, b) => n + b.cold.other, 0);
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length), [0, 7, 12, 17][c]));
  const line = (r) => r.map((x, c) => x.padEnd(widths[c])).join('  ');
  console.log(`\n${line(['', 'alone', 'during bursts', 'burst / alone'])}`);
  for (const r of rows) console.log(line(r));
  if (moved + other > 0) console.log(`cold images sent on (302, data changed): ${moved}; other answers: ${other}`);
  console.log(
    `\nGoal: the next duel's p99 at half its maximum during a burst ≤ ${P99_RATIO_GOAL}× its p99 alone (the noise ` +
      `between two runs on this 2-core machine): ${p99Ratio.toFixed(2)}×, ` +
      `${p99Ratio <= P99_RATIO_GOAL ? 'within the noise' : 'OFF GOAL: the burst slows the next duel'}. ` +
      `Full speed shows the capacity a burst takes from the server's core (both load generators share core 0).`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  for (const child of bursts) child.kill('SIGTERM');
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
