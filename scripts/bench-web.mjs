// `npm run bench:web`: Lighthouse (mobile profile, simulated throttling: a mid-range phone on slow 4G)
// against the production build with the demo data, as a fan's phone sees a fresh `npm start`.
// Prints performance, accessibility, best-practices and SEO scores with FCP, LCP, TBT, CLS, main-thread time
// and Lighthouse's benchmark index of the machine per page, and the goals missed (docs/performance.md). Needs `npm run build` and Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium). Each page runs RUNS times (default 3); the median performance run is shown.
//
// BENCH_WEB_BASELINE=<dir>: a second built checkout (its apps/api/dist and apps/web/dist, e.g. a
// worktree of an older commit after `npm run build`) served side by side on BENCH_WEB_PORT + 1; every
// run alternates this build and that one (A B A B), so both see the same machine load. A second table
// then gives this build ÷ baseline for performance, FCP, LCP and TBT: the absolute times move with the
// machine's load, the ratio far less.
//
// BENCH_WEB_PAGES=duel,rankings: only the pages whose names contain one of these words.
//
// BENCH_WEB_REPORTS=<dir>: also writes every run's full Lighthouse report there (JSON, one file per
// build, page and run), to read the LCP element, its breakdown and the request chains.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { stop, waitFor } from './bench-lib.mjs';

// Lighthouse is this script's alone (about a fifth of the repository's packages): it lives in
// scripts/lighthouse with its own lock file and is installed on the first run, not by `npm ci`. (Its
// trace engine asks for the `latest` of two packages, which `npm ci` cannot match to a lock file: the
// package.json there pins them with overrides.)
const TOOLS = path.join(import.meta.dirname, 'lighthouse');
if (!existsSync(path.join(TOOLS, 'node_modules/lighthouse'))) {
  console.log('Installing Lighthouse into scripts/lighthouse (first run only)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOLS, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const { lighthouse, chromeLauncher } = await import('./lighthouse/index.mjs');

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3950);
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASELINE = process.env.BENCH_WEB_BASELINE;
const REPORTS = process.env.BENCH_WEB_REPORTS;
const PAGES = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
// The goals of docs/performance.md, checked on this build only: scores at least, times and CLS at most
// (CLS to the three decimals Lighthouse shows, so "0" is what its report reads as 0).
const SCORE_GOALS = { performance: 97, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_GOALS = { fcpMs: 1000, lcpMs: 1500, tbtMs: 150, cls: 0 };
const CATEGORIES = Object.keys(SCORE_GOALS);

const builds = [{ name: 'this build', root: process.cwd(), port: PORT }];
if (BASELINE) builds.push({ name: 'baseline', root: path.resolve(BASELINE), port: PORT + 1 });
for (const { root } of builds) {
  if (
    !existsSync(path.join(root, 'apps/web/dist/index.html')) ||
    !existsSync(path.join(root, 'apps/api/dist/server.js'))
  ) {
    console.error(`Build first (npm run build) in ${root}`);
    process.exit(1);
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Starts a build's server on the demo data; resolves with the pages to measure once a ranking exists. */
async function startBuild(build) {
  build.dataDir = mkdtempSync(path.join(tmpdir(), 'manto-bench-web-'));
  build.server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: build.root,
    env: { ...process.env, PORT: String(build.port), DATA_DIR: build.dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${build.port}`;
  // Two minutes: a start-up (PGlite, migrations) on a busy machine has taken more than the default 30 s.
  await waitFor(`${base}/api/health`, undefined, 120);
  // The demo is drawn in the background: wait for a ranking, so every page shows real content (a
  // minute and more on a loaded machine).
  await waitFor(`${base}/api/rankings`, async (res) => res.ok && (await res.json()).items?.length > 0, 180);
  const teams = await (await fetch(`${base}/api/catalogue/teams?pageSize=1`)).json();
  const team = teams.items[0].slug;
  const jerseys = await (await fetch(`${base}/api/catalogue/teams/${team}/jerseys`)).json();
  const jersey = (jerseys.items ?? jerseys)[0].slug;
  build.pages = {
    'duel (/app/)': `${base}/app/`,
    rankings: `${base}/app/rankings`,
    'jersey page': `${base}/app/camisas/time/${team}/${jersey}`,
    tournaments: `${base}/app/torneios`,
  };
  // Each page drawn a few times first, as on a server that has been up a while: the first drawings after a
  // start pay for the renderer's code being compiled (a cold home page took 0.9 s against 0.06 s warm).
  for (let i = 0; i < 3; i++) for (const url of Object.values(build.pages)) await (await fetch(url)).text();
}

// A browser of its own for each run, a first visit: Lighthouse empties the HTTP cache between runs but keeps
// local storage, where the app notes the web fonts it holds (ADR 0045), so a later run would be drawn as
// for a returning visitor whose cached fonts were dropped.
const freshChrome = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });

let chrome;
try {
  // One after the other: two servers seeding the demo at once on a loaded machine time out.
  for (const build of builds) await startBuild(build);
  const startLoad = load();
  const rows = new Map(builds.map((b) => [b, []]));
  for (const name of Object.keys(builds[0].pages).filter((n) => !PAGES || PAGES.some((p) => n.includes(p)))) {
    const runs = new Map(builds.map((b) => [b, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const build of builds) {
        chrome = await freshChrome();
        const { lhr } = await lighthouse(build.pages[name], {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        await chrome.kill();
        chrome = undefined;
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const file = `${build.name}-${name}-${i + 1}.json`.replace(/[^\w.-]+/g, '-');
          writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
        }
        // A run whose trace Lighthouse could not read (NO_NAVSTART on a loaded machine) has no
        // scores: left out, not counted as a 0 in the median.
        if (lhr.runtimeError) {
          console.log(`${build.name}, ${name}, run ${i + 1}: ${lhr.runtimeError.code}, left out`);
          continue;
        }
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        runs.get(build).push({
          build: build.name,
          page: name,
          ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Number(audit('cumulative-layout-shift').toFixed(3)),
          // Simulated main-thread time (style, layout, script, paint) and the JS part of it.
          mainMs: Math.round(audit('mainthread-work-breakdown')),
          jsMs: Math.round(audit('bootup-time')),
          transferKiB: Math.round(audit('total-byte-weight') / 1024),
          // Lighthouse's reading of the machine's speed during the run (higher is quicker): the blocking time
          // and the score follow it, so runs on a busier machine read as a slower page.
          cpuIndex: Math.round(lhr.environment.benchmarkIndex),
          // What keeps accessibility, best practices or SEO under 100: the weighted audits of those
          // categories that did not pass (a weight-0 audit does not move the score).
          failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
            lhr.categories[c].auditRefs
              .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
              .map((ref) => `${c}: ${ref.id}`),
          ),
        });
      }
    }
    for (const build of builds) {
      const list = runs.get(build).sort((a, b) => a.performance - b.performance);
      if (list.length) rows.get(build).push(list[Math.floor(list.length / 2)]);
    }
  }
  const all = builds.flatMap((b) => rows.get(b));
  console.log(
    `\nLighthouse mobile, ${RUNS} run(s) per page${BASELINE ? ' per build, alternated' : ''}, median by performance;` +
      ` load average ${startLoad} at the start, ${load()} at the end:`,
  );
  console.table(all.map(({ failing: _failing, build, ...row }) => (BASELINE ? { build, ...row } : row)));
  if (BASELINE) {
    // Above 1 is more (better for performance, worse for the times). A baseline of 0 (TBT often is)
    // has no ratio: shown as "=" when both are 0, else as the difference.
    const ratio = (a, b) => (b ? (a / b).toFixed(2) : a === b ? '=' : `+${a}`);
    const baseline = new Map(rows.get(builds[1]).map((r) => [r.page, r]));
    console.log('\nThis build ÷ baseline (median runs):');
    console.table(
      rows
        .get(builds[0])
        .filter((r) => baseline.has(r.page))
        .map((r) => {
          const b = baseline.get(r.page);
          return {
            page: r.page,
            performance: ratio(r.performance, b.performance),
            fcp: ratio(r.fcpMs, b.fcpMs),
            lcp: ratio(r.lcpMs, b.lcpMs),
            tbt: ratio(r.tbtMs, b.tbtMs),
          };
        }),
    );
  }
  for (const row of all) {
    if (row.failing.length) console.log(`${row.build}, ${row.page}: failing audits: ${row.failing.join(', ')}`);
  }
  const misses = rows.get(builds[0]).flatMap((r) => [
    ...CATEGORIES.filter((k) => r[k] < SCORE_GOALS[k]).map((k) => `${r.page} ${k} ${r[k]} < ${SCORE_GOALS[k]}`),
    ...Object.keys(MAX_GOALS)
      .filter((k) => r[k] > MAX_GOALS[k])
      .map((k) => `${r.page} ${k} ${r[k]} > ${MAX_GOALS[k]}`),
  ]);
  console.log(misses.length ? `Goals missed:\n  ${misses.join('\n  ')}` : 'Every goal met.');
} finally {
  await chrome?.kill();
  for (const build of builds) {
    if (build.server) await stop(build.server);
    if (build.dataDir) rmSync(build.dataDir, { recursive: true, force: true });
  }
}
