// `node scripts/bench-overhead.mjs` (build first): the framework overhead of the two cheapest routes,
// GET /api/health and GET /api/duels/next, for this build and, with BENCH_BEFORE_SERVER, another build
// (an older commit's dist/server.js) measured side by side in the same rounds: raw node:http, before,
// after, three times (docs/performance.md). Prints each side's median ratio to raw and the median of
// after/before per round, with the load average, and each server's CPU time per request (from /proc): on a
// machine shared with other work that figure moves far less than throughput. Needs a PostgreSQL server (BENCH_DATABASE_URL), where it
// creates and drops its own database with the bench catalogue (200 jerseys), as bench-duels does.
//
// BENCH_SECONDS (default 5) per run; BENCH_ROUNDS (default 3; more on a noisy machine); BENCH_PORT (default
// 3931) is the first of the three ports used. Odd rounds measure after before before.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CATALOGUE_SQL,
  benchDatabase,
  canPin,
  check,
  loadAverage,
  median,
  nextDuelRequest,
  onPostgres,
  pinLoadGenerator,
  ratioText,
  run,
  sideProcesses,
  startRaw,
  stop,
  withCpuTime,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3931);
const RAW_PORT = PORT;
const AFTER_SERVER = 'apps/api/dist/server.js';
const BEFORE_SERVER = process.env.BENCH_BEFORE_SERVER ?? null;
const VOTERS = 1_000;
const url = (port) => `http://127.0.0.1:${port}`;

const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // One secret: visitor ids issued by one server are valid on the other.
  JWT_SECRET: randomBytes(32).toString('hex'),
  RANKING_INTERVAL_SECONDS: '86400',
};

if (!existsSync(AFTER_SERVER) || (BEFORE_SERVER && !existsSync(BEFORE_SERVER))) {
  console.error(`bench-overhead: ${AFTER_SERVER} or ${BEFORE_SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
pinLoadGenerator();

const voterIds = [];
function health(base, opts) {
  return run({ url: `${base}/api/health`, ...opts });
}
function nextDuel(base, opts) {
  let i = 0;
  return run({ url: base, ...opts, requests: [nextDuelRequest(() => voterIds[i++ % VOTERS])] });
}
const rate = (r) => r.requests.total / r.duration;
/**
 * An autocannon run with the server's CPU microseconds per answered request (`cpuUs`). Per request it is the
 * figure least moved by other work on a shared machine: throughput falls when a neighbour takes the core,
 * the CPU time each request costs hardly does.
 */
const measured = (pid, loadOn, base, opts) => withCpuTime(pid, () => loadOn(base, opts));

const db = benchDatabase();
const pgUrl = db.url;
const dirs = [];
const children = new Set();
await db.create();
try {
  const sides = [{ name: 'after', server: AFTER_SERVER, port: PORT + 1 }];
  if (BEFORE_SERVER) sides.unshift({ name: 'before', server: BEFORE_SERVER, port: PORT + 2 });
  for (const side of sides) {
    side.dir = mkdtempSync(path.join(tmpdir(), 'manto-bench-overhead-'));
    dirs.push(side.dir);
  }
  /** A fresh process of one side: two processes of one build differ by up to a quarter (JIT, heap). */
  const { up, down } = sideProcesses({ ...SERVER_ENV, DATABASE_URL: pgUrl }, children);
  // The first start migrates the database; the catalogue and the visitor ids are made once for all rounds.
  await up(sides[0]);
  await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL));
  const first = url(sides[0].port);
  for (let i = 0; i < VOTERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await fetch(`${first}/api/duels/visitor`, { method: 'POST' });
        if (res.status !== 200) throw new Error(`POST /api/duels/visitor: ${res.status}`);
        return (await res.json()).voterId;
      }),
    );
    voterIds.push(...batch);
  }
  const sampleDuel = await (await fetch(`${first}/api/duels/next`, { headers: { 'x-voter-id': voterIds[0] } })).text();
  await down(sides[0]);
  const rawServer = await startRaw(RAW_PORT, {
    '/api/health': JSON.stringify({ status: 'ok' }),
    '/api/duels/next': sampleDuel,
  });
  children.add(rawServer);
  console.log(
    `bench-overhead: ${ROUNDS} rounds × ${DURATION}s per side (raw, ${sides.map((s) => s.name).join(', ')}), ` +
      `32 connections, fresh app processes each round; ${canPin ? 'servers on core 1, autocannon on core 0' : 'not pinned'}; ` +
      `node ${process.version}; load average ${loadAverage()}${BEFORE_SERVER ? `\n  before = ${BEFORE_SERVER}` : ''}`,
  );
  const routes = [
    { name: 'GET /api/health', loadOn: health },
    { name: 'GET /api/duels/next', loadOn: nextDuel },
  ];
  for (const route of routes)
    Object.assign(route, {
      ratios: sides.map(() => []),
      rates: sides.map(() => []),
      cpu: sides.map(() => []),
      rawCpu: [],
    });
  for (let i = 0; i < ROUNDS; i++) {
    for (const side of sides) await up(side);
    // Odd rounds take the app sides in the other order, so neither always runs right after the raw one.
    const order = [...sides.entries()];
    if (i % 2 === 1) order.reverse();
    for (const { name, loadOn, ratios, rates, cpu, rawCpu } of routes) {
      // A fresh process: long enough a warm-up for the JIT to settle before its CPU time is read.
      for (const side of sides) await loadOn(url(side.port), { duration: 3 });
      const raw = await measured(rawServer.pid, loadOn, url(RAW_PORT), { duration: DURATION });
      check(`${name} raw`, raw);
      rawCpu.push(raw.cpuUs);
      for (const [k, side] of order) {
        const r = await measured(side.child.pid, loadOn, url(side.port), { duration: DURATION });
        check(`${name} ${side.name}`, r);
        cpu[k].push(r.cpuUs);
        ratios[k].push(rate(r) / rate(raw));
        rates[k].push(rate(r));
      }
    }
    for (const side of sides) await down(side);
  }
  for (const { name, ratios, rates, cpu, rawCpu } of routes) {
    console.log(`\n${name}`);
    const us = (xs) => (xs[0] === null ? 'n/a' : `${median(xs).toFixed(1)} µs`);
    console.log(`  raw     CPU per request ${us(rawCpu)}`);
    for (const [k, s] of sides.entries())
      console.log(
        `  ${s.name.padEnd(7)} ${ratioText(ratios[k], null)}  ${Math.round(median(rates[k]))} req/s; ` +
          `CPU per request ${us(cpu[k])} (raw/app ${
            rawCpu[0] === null
              ? 'n/a'
              : ratioText(
                  rawCpu.map((x, i) => x / cpu[k][i]),
                  null,
                )
          })`,
      );
    if (sides.length === 2) {
      const gain = ratios[1].map((x, i) => x / ratios[0][i]);
      console.log(`  after / before, per round: throughput ${ratioText(gain, null)}`);
      if (rawCpu[0] !== null)
        console.log(
          `  before / after CPU per request, per round: ${ratioText(
            cpu[0].map((x, i) => x / cpu[1][i]),
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
