// `npm run drill` (build first): what happens to acknowledged votes and to the rankings when the server dies.
// On PostgreSQL and on embedded PGlite, each with a fresh database and a small catalogue inserted by SQL:
//
//   1. kill -9 under vote load, then restart: acknowledged votes lost / duplicated, start-up seconds and
//      seconds from the restart until the rankings include every acknowledged counted vote;
//   2. SIGTERM under vote load: exit code and seconds to exit, votes lost / duplicated;
//   3. the ranking job killed (kill -9) mid-fit, then restart: seconds until a new snapshot exists (the
//      dead process's lease must expire first; goal: within 2 lease periods);
//   4. PostgreSQL only: two processes on one database under load, one killed with kill -9: lost /
//      duplicated, and the survivor refits (PGlite is one process by construction).
//
// Goals (docs/security.md "Drills"): lost = 0, duplicated = 0, refit within 2 lease periods (60 s), SIGTERM
// exit 0 within 10 s. LOAD_SECONDS (default 6) sets each vote load. Votes go through the real HTTP API
// with server-issued visitor ids, the decision-time check off and the rate limits raised, so one load
// generator can vote.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ADMIN_URL, CATALOGUE_SQL, onPostgres, waitFor } from './bench-lib.mjs';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 6);
const WORKERS = 16;
const LEASE_SECONDS = 30; // modules/rankings/job.ts
const OUTCOMES = ['left', 'right', 'left', 'right', 'tie', 'both_bad', 'skip'];
const SERVER_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  PUBLIC_URL: 'http://127.0.0.1',
  JWT_SECRET: randomBytes(32).toString('hex'),
  VOTE_MIN_DECISION_MS: '0',
  VOTE_RATE_PER_MINUTE: '1000000',
  VOTE_DAILY_CAP: '1000000',
  RANKING_INTERVAL_SECONDS: '2',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let nextPort = 3950;

// ——————————————————————————————————————————————— servers ———————————————————————————————————————————————

/** The built server in its own process; `lines` collects its log, `exited` resolves with its exit code. */
async function startServer(env) {
  const port = nextPort++;
  const started = Date.now();
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, port, base: `http://127.0.0.1:${port}`, lines: [], watchers: [] };
  server.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      server.lines.push(line);
      for (const w of server.watchers) if (w.pattern.test(line)) w.resolve(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await waitFor(`${server.base}/api/ready`);
  server.startupSeconds = (Date.now() - started) / 1000;
  return server;
}

/** Resolves when the server logs a line matching `pattern`. */
const logged = (server, pattern) => new Promise((resolve) => server.watchers.push({ pattern, resolve }));

async function terminate(server, signal) {
  const sent = Date.now();
  server.child.kill(signal);
  const code = await server.exited;
  return { code, seconds: (Date.now() - sent) / 1000 };
}

// ——————————————————————————————————————————————— databases ——————————————————————————————————————————————

/** A fresh PostgreSQL database with the catalogue; `query` runs SQL while servers are up. */
async function postgresDatabase() {
  const name = `manto_drill_${randomBytes(6).toString('hex')}`;
  await onPostgres(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'manto-drill-')) };
  const migrate = await startServer(env);
  await terminate(migrate, 'SIGTERM');
  await onPostgres(env.DATABASE_URL, (c) => c.query(CATALOGUE_SQL));
  return {
    name: 'PostgreSQL',
    env,
    query: (sql) => onPostgres(env.DATABASE_URL, async (c) => (await c.query(sql)).rows),
    drop: () => onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

/** A fresh PGlite folder with the catalogue; `query` only while no server holds the folder. */
async function pgliteDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'manto-drill-'));
  const env = { DATA_DIR: dataDir };
  const migrate = await startServer(env);
  await terminate(migrate, 'SIGTERM');
  const open = async (fn) => {
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  const query = (sql) => open(async (db) => (await db.query(sql)).rows);
  await open((db) => db.exec(CATALOGUE_SQL));
  return { name: 'PGlite', env, query, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

// ——————————————————————————————————————————————— vote load ——————————————————————————————————————————————

/** The duel id inside a duel token (modules/duels/duel-token.ts: base64url JSON claims, duel id first). */
const duelIdOf = (token) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())[0];

/**
 * WORKERS loops voting against `servers` (round robin) until `stop()`; each vote answered 200 is
 * acknowledged. Errors (the server died) are counted, never retried with the same token.
 */
function voteLoad(servers) {
  const acked = new Set();
  const ackedCounted = new Set();
  let failures = 0;
  let running = true;
  const worker = async (w) => {
    const server = servers[w % servers.length];
    const headers = { 'content-type': 'application/json' };
    let duel = null;
    let i = w;
    while (running) {
      try {
        if (!headers['x-voter-id']) {
          // A server-signed visitor id, as the web client gets one (docs/ranking.md §1).
          const res = await fetch(`${server.base}/api/duels/visitor`, { method: 'POST' });
          headers['x-voter-id'] = (await res.json()).voterId;
          continue;
        }
        if (!duel) {
          const res = await fetch(`${server.base}/api/duels/next`, { headers });
          duel = (await res.json()).duel;
          continue;
        }
        const outcome = OUTCOMES[i++ % OUTCOMES.length];
        const res = await fetch(`${server.base}/api/duels/votes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ token: duel.token, outcome }),
        });
        const body = await res.json();
        const id = duelIdOf(duel.token);
        duel = null;
        if (res.status !== 200) throw new Error(`vote answered ${res.status}`);
        acked.add(id);
        if (body.counted) ackedCounted.add(id);
        duel = body.next.duel;
      } catch {
        failures++;
        duel = null;
        await sleep(50);
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return {
    acked,
    ackedCounted,
    failures: () => failures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Acknowledged votes missing from the database, and rows sharing a duel id (both must be 0). */
async function audit(db, acked) {
  const rows = await db.query('select duel_id::text as id from votes');
  const stored = new Set(rows.map((r) => r.id));
  const lost = [...acked].filter((id) => !stored.has(id)).length;
  return { rows: rows.length, lost, duplicated: rows.length - stored.size };
}

/** Seconds from `since` until GET /api/rankings counts at least `counted` votes in a snapshot fitted after `since`. */
async function refitSeconds(server, since, counted, timeoutMs = 4 * LEASE_SECONDS * 1000) {
  while (Date.now() - since < timeoutMs) {
    try {
      const r = await (await fetch(`${server.base}/api/rankings?pageSize=1`)).json();
      if (r.fittedAt && Date.parse(r.fittedAt) >= since - 1000 && r.votes >= counted)
        return (Date.now() - since) / 1000;
    } catch {
      // not answering yet
    }
    await sleep(250);
  }
  return Infinity;
}

// ——————————————————————————————————————————————— scenarios ——————————————————————————————————————————————

const results = [];
function record(database, scenario, figures) {
  results.push({ database, scenario, ...figures });
  console.log(`  ${scenario}: ${JSON.stringify(figures)}`);
}

async function killUnderLoad(db) {
  const first = await startServer(db.env);
  const load = voteLoad([first]);
  await sleep(LOAD_SECONDS * 1000);
  await terminate(first, 'SIGKILL');
  await load.stop();
  const restarted = Date.now();
  const second = await startServer(db.env);
  const refit = await refitSeconds(second, restarted, load.ackedCounted.size);
  await terminate(second, 'SIGTERM');
  const { lost, duplicated } = await audit(db, load.acked);
  record(db.name, 'kill -9 under load', {
    acknowledged: load.acked.size,
    lost,
    duplicated,
    startupSeconds: second.startupSeconds,
    refitSeconds: refit,
  });
}

async function sigtermUnderLoad(db) {
  const server = await startServer(db.env);
  const load = voteLoad([server]);
  await sleep(LOAD_SECONDS * 1000);
  const { code, seconds: exitSeconds } = await terminate(server, 'SIGTERM');
  await load.stop();
  const { lost, duplicated } = await audit(db, load.acked);
  record(db.name, 'SIGTERM under load', {
    acknowledged: load.acked.size,
    lost,
    duplicated,
    exitCode: code,
    exitSeconds,
  });
}

async function killMidFit(db) {
  // Many bootstrap rounds make each fit last long enough to be caught in the middle.
  const env = { ...db.env, RANKING_BOOTSTRAP_ROUNDS: '2000' };
  const first = await startServer(env);
  const load = voteLoad([first]);
  await sleep(LOAD_SECONDS * 1000);
  await load.stop();
  const fitting = logged(first, /ranking fit started/);
  const caught = await Promise.race([fitting.then(() => true), sleep(30_000).then(() => false)]);
  await terminate(first, 'SIGKILL');
  const restarted = Date.now();
  const second = await startServer(env);
  const refit = await refitSeconds(second, restarted, load.ackedCounted.size);
  await terminate(second, 'SIGTERM');
  record(db.name, 'ranking job killed mid-fit', {
    caughtMidFit: caught,
    refitSeconds: refit,
    goalSeconds: 2 * LEASE_SECONDS,
  });
}

async function twoProcesses(db) {
  const a = await startServer(db.env);
  const b = await startServer(db.env);
  const load = voteLoad([a, b]);
  await sleep(LOAD_SECONDS * 1000);
  await terminate(a, 'SIGKILL');
  await sleep(1000);
  await load.stop();
  const killed = Date.now();
  const refit = await refitSeconds(b, killed, load.ackedCounted.size);
  await terminate(b, 'SIGTERM');
  const { lost, duplicated } = await audit(db, load.acked);
  record(db.name, 'two processes, one killed', {
    acknowledged: load.acked.size,
    lost,
    duplicated,
    refitSeconds: refit,
  });
}

// ————————————————————————————————————————————————— run —————————————————————————————————————————————————

for (const [make, scenarios] of [
  [postgresDatabase, [killUnderLoad, sigtermUnderLoad, killMidFit, twoProcesses]],
  [pgliteDatabase, [killUnderLoad, sigtermUnderLoad, killMidFit]],
]) {
  const db = await make();
  console.log(`${db.name}:`);
  try {
    for (const scenario of scenarios) await scenario(db);
  } finally {
    await db.drop();
  }
}

const failed = results.filter(
  (r) =>
    r.lost > 0 ||
    r.duplicated > 0 ||
    r.refitSeconds > 2 * LEASE_SECONDS ||
    (r.exitCode !== undefined && (r.exitCode !== 0 || r.exitSeconds > 10)),
);
console.log(
  failed.length === 0
    ? 'All drills within their goals: lost 0, duplicated 0, refit within 2 lease periods, SIGTERM exit 0 within 10 s.'
    : `${failed.length} drill(s) OFF GOAL: ${failed.map((r) => `${r.database} ${r.scenario}`).join('; ')}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
