// Shared pieces of the HTTP benchmarks (scripts/bench.mjs, scripts/bench-duels.mjs); see
// docs/performance.md: ratios against a raw node:http server in the same run, A B A B A B,
// servers pinned to core 1 and the load generator to core 0 when taskset exists.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

export const canPin = spawnSync('taskset', ['-c', '1', 'true']).status === 0;

/** Moves this process (the load generator) to core 0. */
export function pinLoadGenerator() {
  spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
}

/** Servers run on core 1 and the load generator on core 0 when taskset exists. */
export const pinned = (args) =>
  canPin ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];

export async function waitFor(url, check = (res) => res.ok, seconds = 30) {
  for (let i = 0; i < seconds * 5; i++) {
    try {
      if (await check(await fetch(url))) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** A pinned node process with these arguments and extra environment. */
export async function start(args, env = {}) {
  const [cmd, argv] = pinned(args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

/**
 * Starts and stops fresh processes of the builds compared side by side (a side: { server, port, dir }), with
 * `env` and the side's PORT and DATA_DIR; each is in `children` while it runs, for the bench's clean-up.
 */
export function sideProcesses(env, children) {
  return {
    async up(side) {
      side.child = await start([side.server], { ...env, PORT: String(side.port), DATA_DIR: side.dir });
      children.add(side.child);
      await waitFor(`http://127.0.0.1:${side.port}/api/ready`);
    },
    async down(side) {
      children.delete(side.child);
      await stop(side.child);
    },
  };
}

/** SIGTERM, and resolves once the process has exited (SIGKILL after 30 s). */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** autocannon with the protocol's defaults: 32 connections, no pipelining. */
export const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 32, pipelining: 1, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

export const load = (url, duration) => run({ url, duration });

/** The three load averages, "0.52, 0.61, 0.70". */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/**
 * `rate` requests a second at an even pace for `seconds` (an open loop: each is sent when due, whatever the
 * earlier answers), each timed from when it was due, so a pause of the server shows in every request it
 * delays. autocannon's `overallRate` is not that: each connection sends as fast as it can until its share
 * of the second is spent, then waits for the next second, so "half the maximum" is full load half the time.
 * GET `base + pathOf(i)`; any answer but 200 is counted as failed.
 */
export async function paced(base, pathOf, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const dueAt = (i) => start + (i * 1000) / rate;
  const times = [];
  let failed = 0;
  await new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const finish = (due, ok) => {
      times.push(performance.now() - due);
      if (!ok) failed++;
      if (++done === total) resolve();
    };
    const tick = () => {
      while (sent < total && dueAt(sent) <= performance.now()) {
        const due = dueAt(sent);
        const req = http.get(base + pathOf(sent++), { agent }, (res) => {
          res.resume();
          res.on('end', () => finish(due, res.statusCode === 200));
        });
        req.on('error', () => finish(due, false));
      }
      // A timer rather than setImmediate: the generator must not spin its core between requests.
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
  return { p50: at(0.5), p99: at(0.99), failed };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Source of a raw node:http server on `port` answering fixed JSON: `bodies` maps a path (query ignored) to
 * its body; any other path gets the first one. Request bodies (POST) are read before answering, as the app
 * must; GETs are answered at once. `headers` (none by default: the goals' baseline) are sent before the
 * content type, e.g. the app's own security headers to see what sending them costs node:http itself.
 */
export function rawServerSource(port, bodies, headers = {}) {
  return `
  const bodies = new Map(Object.entries(${JSON.stringify(bodies)}));
  const first = bodies.values().next().value;
  const headers = ${JSON.stringify(headers)};
  require('node:http').createServer((req, res) => {
    const body = bodies.get(req.url.split('?')[0]) ?? first;
    const answer = () => {
      res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method === 'GET' || req.method === 'HEAD') return answer();
    req.resume();
    req.on('end', answer);
  }).listen(${port}, '127.0.0.1');`;
}

/** Starts the raw baseline and waits until it answers. */
export async function startRaw(port, bodies, headers = {}) {
  const child = await start(['-e', rawServerSource(port, bodies, headers)]);
  await waitFor(`http://127.0.0.1:${port}/`);
  return child;
}

/** "ratio 0.52× (range 0.34–0.59; goal ≥ 0.85×)"; no goal part when `goal` is null. */
export function ratioText(ratios, goal) {
  const m = median(ratios);
  const range = `range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  return `ratio ${m.toFixed(2)}× (${range}${goal === null ? '' : `; goal ≥ ${goal}×`})`;
}

/** 200 jerseys (20 teams × 2 models × 5 seasons) by SQL, into a migrated database (bench-duels, bench-export). */
export const CATALOGUE_SQL = `
  insert into suppliers (name, slug) values ('Bench Supplier', 'bench-supplier');
  insert into models (name, slug) values ('Bench Home', 'bench-home'), ('Bench Away', 'bench-away');
  insert into teams (name, slug, country, city, base_color, category)
    select 'Bench Team ' || i, 'bench-team-' || i, 'Brasil', 'Recife', '#112233', 'club'
      from generate_series(1, 20) i;
  insert into jerseys (team_id, model_id, supplier_id, slug, season, model_year, main_color, image_source_text)
    select t.id, m.id, s.id, y || '-' || m.slug, y, y || '/' || (y + 1), '#ffffff', 'Bench'
      from teams t, models m, suppliers s, generate_series(2015, 2019) y
     where t.slug like 'bench-team-%' and m.slug like 'bench-%' and s.slug = 'bench-supplier';`;

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere or when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the last ')': a process name may hold one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Runs `runLoad` (an autocannon run) and adds the server `pid`'s CPU microseconds per request (`cpuUs`). */
export async function withCpuTime(pid, runLoad) {
  const before = cpuSeconds(pid);
  const r = await runLoad();
  const after = cpuSeconds(pid);
  r.cpuUs = before === null || after === null ? null : ((after - before) * 1e6) / r.requests.total;
  return r;
}

/** Throws when an autocannon run had any non-2xx answer, error or timeout. */
export function check(name, r) {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
}

/** autocannon's request for GET /api/duels/next as visitor `voterId()` (called per request); `onDuel` sees each duel. */
export function nextDuelRequest(voterId, onDuel = null) {
  return {
    method: 'GET',
    path: '/api/duels/next',
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-voter-id': voterId() } }),
    ...(onDuel && {
      onResponse: (status, body) => {
        if (status === 200) onDuel(JSON.parse(body).duel);
      },
    }),
  };
}

/** The PostgreSQL server where benches and drills create and drop their own databases. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** ADMIN_URL's server with database `name`. */
export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A bench's own database on ADMIN_URL's server, `manto_bench_<random>`: `create()` it, then `drop()` it in a
 * `finally` (a failure to drop is printed, not thrown, so it does not hide the bench's own error).
 */
export function benchDatabase() {
  const name = `manto_bench_${randomBytes(5).toString('hex')}`;
  return {
    name,
    url: databaseUrl(name),
    create: () => onPostgres(ADMIN_URL, (c) => c.query(`create database ${name}`)),
    drop: () =>
      onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)).catch((err) =>
        console.error(`could not drop ${name}: ${err.message}`),
      ),
  };
}

/** Runs `fn` with a connected client to `connectionString`, closed afterwards. */
export async function onPostgres(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `n` server-issued visitor ids (`v1.<uuid>.<mac>`, POST /api/duels/visitor), asked 50 at a time. */
export async function issueVisitorIds(base, n) {
  const ids = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async () => {
        const res = await fetch(`${base}/api/duels/visitor`, { method: 'POST' });
        if (res.status !== 200) throw new Error(`POST /api/duels/visitor: ${res.status} ${await res.text()}`);
        return (await res.json()).voterId;
      }),
    );
    ids.push(...batch);
  }
  return ids;
}

/**
 * The server's own metrics (GET /api/metrics with METRICS_TOKEN `token`) as a map of name to value, or null
 * when metrics are off. Reading them resets the event-loop delay figures (`manto_nodejs_eventloop_lag_*`).
 */
export async function readMetrics(base, token) {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return null;
  const values = new Map();
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*) (\S+)$/.exec(line);
    if (m) values.set(m[1], Number(m[2]));
  }
  return values;
}
