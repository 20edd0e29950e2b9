// `npm run bench`: HTTP figures as ratios against a raw node:http server measured in the same run
// (see shared/guide/performance.md). Runs A B A B A B and prints the median ratio and its range.
// Each later capability adds its routes to ROUTES.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const APP_PORT = 3901;
const RAW_PORT = 3902;

const ROUTES = [{ name: 'GET /api/health', path: '/api/health', goal: 0.85 }];

function rawServer() {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(RAW_PORT, '127.0.0.1', () => resolve(server)));
}

async function startApp() {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'manto-bench-')), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${APP_PORT}/api/ready`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('app did not become ready');
}

const load = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: 32, pipelining: 1, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const raw = await rawServer();
const app = await startApp();
try {
  console.log(`bench: ${ROUNDS} rounds × ${DURATION}s per side, 32 connections, baseline = raw node:http on the same machine\n`);
  for (const route of ROUTES) {
    await load(`http://127.0.0.1:${RAW_PORT}/`, 2);
    await load(`http://127.0.0.1:${APP_PORT}${route.path}`, 2);
    const ratios = [];
    let lastApp;
    for (let i = 0; i < ROUNDS; i++) {
      const base = await load(`http://127.0.0.1:${RAW_PORT}/`, DURATION);
      lastApp = await load(`http://127.0.0.1:${APP_PORT}${route.path}`, DURATION);
      if (lastApp.non2xx > 0 || lastApp.errors > 0) throw new Error(`${route.name}: ${lastApp.non2xx} non-2xx, ${lastApp.errors} errors`);
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
  raw.close();
}
