// `npm run bench`: HTTP figures as ratios against a raw node:http server measured in the same run
// (see shared/guide/performance.md). Runs A B A B A B and prints the median ratio and its range.
// Each later capability adds its routes to ROUTES.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const APP_PORT = 3901;
const RAW_PORT = 3902;

const ROUTES = [{ name: 'GET /api/health', path: '/api/health', goal: 0.85 }];

const RAW_SERVER = `
  const body = JSON.stringify({ status: 'ok' });
  require('node:http').createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }).listen(${RAW_PORT}, '127.0.0.1');`;

/** Servers run on core 1 and the load generator on core 0 when taskset exists. */
const pinned = (args) =>
  spawnSync('taskset', ['-c', '1', 'true']).status === 0
    ? ['taskset', ['-c', '1', process.execPath, ...args]]
    : [process.execPath, args];

async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

async function start(args, env = {}) {
  const [cmd, argv] = pinned(args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

async function startApp() {
  const child = await start(['apps/api/dist/server.js'], {
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

const load = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: 32, pipelining: 1, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
const raw = await start(['-e', RAW_SERVER]);
await waitFor(`http://127.0.0.1:${RAW_PORT}/`);
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
      `${route.name.padEnd(28)} ratio ${m.toFixed(2)}× (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; goal ≥ ${route.goal}×)` +
        `  app ${Math.round(lastApp.requests.average)} req/s, p50 ${lastApp.latency.p50} ms, p99 ${lastApp.latency.p99} ms` +
        (m >= route.goal ? '' : '  BELOW GOAL'),
    );
  }
} finally {
  app.kill('SIGTERM');
  raw.kill('SIGTERM');
}
