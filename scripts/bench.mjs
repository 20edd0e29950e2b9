// `npm run bench`: HTTP figures as ratios against a raw node:http server measured in the same run
// (see docs/performance.md). Runs A B A B A B and prints the median ratio and its range. The goal's raw server
// sends no security headers; a line below the goal's also compares the app with a raw server that sends the
// app's own headers (what node:http itself pays for them), for information only.
// Each later capability adds its routes to ROUTES (the duel, vote and ranking routes are in bench-duels.mjs).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { load, median, pinLoadGenerator, ratioText, start, startRaw, waitFor } from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
// BENCH_PORT moves the three ports (app, raw, raw with the app's headers) when the defaults are taken.
const APP_PORT = Number(process.env.BENCH_PORT ?? 3901);
const RAW_PORT = APP_PORT + 1;
const SAME_PORT = APP_PORT + 2;
// BENCH_SERVER runs another build (e.g. an older commit's apps/api/dist/server.js) for a before/after.
const SERVER = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';

const ROUTES = [{ name: 'GET /api/health', path: '/api/health', goal: 0.85 }];

async function startApp() {
  const child = await start([SERVER], {
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'manto-bench-')),
    LOG_LEVEL: 'warn',
    // The demo catalogue is drawn in the background after start and would compete for the core.
    SEED_DEMO: 'false',
  });
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/ready`);
  return child;
}

/** Headers node:http adds by itself, or that depend on the body: the raw servers send their own. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);
const load1 = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

pinLoadGenerator();
const raw = await startRaw(RAW_PORT, { '/': JSON.stringify({ status: 'ok' }) });
const app = await startApp();
// The goal's baseline sends no security headers; a second raw server sends the app's own (ADR 0006), to
// show what node:http itself pays for them. Printed beside the goal's ratio, never instead of it.
const appHeaders = Object.fromEntries(
  [...(await fetch(`http://127.0.0.1:${APP_PORT}/api/health`)).headers].filter(([h]) => !OWN_HEADERS.has(h)),
);
const same = await startRaw(SAME_PORT, { '/': JSON.stringify({ status: 'ok' }) }, appHeaders);
try {
  console.log(
    `bench: ${ROUNDS} rounds × ${DURATION}s per side, 32 connections, baseline = raw node:http on the same machine; ` +
      `load average ${load1()}\n`,
  );
  for (const route of ROUTES) {
    await load(`http://127.0.0.1:${RAW_PORT}/`, 2);
    await load(`http://127.0.0.1:${APP_PORT}${route.path}`, 2);
    await load(`http://127.0.0.1:${SAME_PORT}/`, 2);
    const ratios = [];
    const sameRatios = [];
    const sameCost = [];
    let lastApp;
    for (let i = 0; i < ROUNDS; i++) {
      const base = await load(`http://127.0.0.1:${RAW_PORT}/`, DURATION);
      lastApp = await load(`http://127.0.0.1:${APP_PORT}${route.path}`, DURATION);
      const withHeaders = await load(`http://127.0.0.1:${SAME_PORT}/`, DURATION);
      if (lastApp.non2xx > 0 || lastApp.errors > 0)
        throw new Error(`${route.name}: ${lastApp.non2xx} non-2xx, ${lastApp.errors} errors`);
      ratios.push(lastApp.requests.average / base.requests.average);
      sameRatios.push(lastApp.requests.average / withHeaders.requests.average);
      sameCost.push(withHeaders.requests.average / base.requests.average);
    }
    const m = median(ratios);
    console.log(
      `${route.name.padEnd(28)} ${ratioText(ratios, route.goal)}` +
        `  app ${Math.round(lastApp.requests.average)} req/s, p50 ${lastApp.latency.p50} ms, p99 ${lastApp.latency.p99} ms` +
        (m >= route.goal ? '' : '  BELOW GOAL'),
    );
    console.log(
      `${''.padEnd(28)} against raw node:http sending the same ${Object.keys(appHeaders).length} headers: ` +
        `${ratioText(sameRatios, null)}; that raw server itself ${ratioText(sameCost, null)} the plain one`,
    );
  }
  console.log(`\nload average at the end: ${load1()}`);
} finally {
  app.kill('SIGTERM');
  raw.kill('SIGTERM');
  same.kill('SIGTERM');
}
