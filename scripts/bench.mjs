// `npm run bench`: HTTP figures as ratios against a raw node:http server measured in the same run
// (see docs/performance.md). Runs A B A B A B and prints the median ratio and its range.
// Each later capability adds its routes to ROUTES (the duel, vote and ranking routes are in bench-duels.mjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, median, pinLoadGenerator, ratioText, start, startRaw, waitFor } from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
// BENCH_PORT moves both ports (app, then raw) when the defaults are taken.
const APP_PORT = Number(process.env.BENCH_PORT ?? 3901);
const RAW_PORT = APP_PORT + 1;
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

pinLoadGenerator();
const raw = await startRaw(RAW_PORT, { '/': JSON.stringify({ status: 'ok' }) });
const app = await startApp();
try {
  console.log(
    `bench: ${ROUNDS} rounds × ${DURATION}s per side, 32 connections, baseline = raw node:http on the same machine\n`,
  );
  for (const route of ROUTES) {
    await load(`http://127.0.0.1:${RAW_PORT}/`, 2);
    await load(`http://127.0.0.1:${APP_PORT}${route.path}`, 2);
    const ratios = [];
    let lastApp;
    for (let i = 0; i < ROUNDS; i++) {
      const base = await load(`http://127.0.0.1:${RAW_PORT}/`, DURATION);
      lastApp = await load(`http://127.0.0.1:${APP_PORT}${route.path}`, DURATION);
      if (lastApp.non2xx > 0 || lastApp.errors > 0)
        throw new Error(`${route.name}: ${lastApp.non2xx} non-2xx, ${lastApp.errors} errors`);
      ratios.push(lastApp.requests.average / base.requests.average);
    }
    const m = median(ratios);
    console.log(
      `${route.name.padEnd(28)} ${ratioText(ratios, route.goal)}` +
        `  app ${Math.round(lastApp.requests.average)} req/s, p50 ${lastApp.latency.p50} ms, p99 ${lastApp.latency.p99} ms` +
        (m >= route.goal ? '' : '  BELOW GOAL'),
    );
  }
} finally {
  app.kill('SIGTERM');
  raw.kill('SIGTERM');
}
