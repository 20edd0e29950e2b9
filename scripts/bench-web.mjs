// `npm run bench:web`: Lighthouse (mobile profile, simulated throttling: a mid-range phone on slow 4G)
// against the production build with the demo data, as a fan's phone sees a fresh `npm start`.
// Prints performance, accessibility and best-practices scores with LCP, TBT and CLS per page, and
// the goals (docs/performance.md). Needs `npm run build` and Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). Each page runs RUNS times (default 3); the median performance run is shown.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { stop, waitFor } from './bench-lib.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3950);
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${PORT}`;
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, lcpMs: 2000 };

if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/api/dist/server.js')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'manto-bench-web-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
try {
  await waitFor(`${base}/api/health`);
  // The demo is drawn in the background: wait for a ranking, so every page shows real content.
  await waitFor(`${base}/api/rankings`, async (res) => res.ok && (await res.json()).items?.length > 0);
  const teams = await (await fetch(`${base}/api/catalogue/teams?pageSize=1`)).json();
  const team = teams.items[0].slug;
  const jerseys = await (await fetch(`${base}/api/catalogue/teams/${team}/jerseys`)).json();
  const jersey = (jerseys.items ?? jerseys)[0].slug;
  const pages = {
    'duel (/app/)': '/app/',
    rankings: '/app/rankings',
    'jersey page': `/app/camisas/time/${team}/${jersey}`,
    tournaments: '/app/torneios',
  };

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows = [];
  for (const [name, url] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${base}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        page: name,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        fcpMs: Math.round(audit('first-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        transferKiB: Math.round(audit('total-byte-weight') / 1024),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
    runs.sort((a, b) => a.performance - b.performance);
    rows.push(runs[Math.floor(runs.length / 2)]);
  }
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`\nLighthouse mobile, ${RUNS} run(s) per page, median by performance; load average ${load}:`);
  console.table(rows.map(({ failing: _failing, ...row }) => row));
  for (const row of rows) if (row.failing.length) console.log(`${row.page}: failing audits: ${row.failing.join(', ')}`);
  const misses = rows.flatMap((r) => [
    ...['performance', 'accessibility', 'best-practices']
      .filter((k) => r[k] < GOALS[k])
      .map((k) => `${r.page} ${k} ${r[k]} < ${GOALS[k]}`),
    ...(r.lcpMs > GOALS.lcpMs ? [`${r.page} LCP ${r.lcpMs} ms > ${GOALS.lcpMs} ms`] : []),
  ]);
  console.log(misses.length ? `Goals missed:\n  ${misses.join('\n  ')}` : 'Every goal met.');
} finally {
  await chrome?.kill();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
