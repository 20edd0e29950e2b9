// Shared pieces of `npm run drill:cluster` and `npm run bench:cluster`: a deployment like compose.yaml's, on
// this machine. A fresh PostgreSQL database (created here, dropped at the end), the running Redis on a database
// number of its own (empty when taken, flushed at the end), `npm run db:migrate`'s step, up to three built
// servers on loopback ports sharing one DATA_DIR (the images volume, ADR 0037), and Debian's HAProxy in front
// with deploy/haproxy.cfg, the balancer's file in compose.yaml, its addresses given by the environment.
// Everything started is registered and torn down by `cleanup()`, also on failure and on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ADMIN_URL, databaseUrl, onPostgres } from './bench-lib.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ——————————————————————————————————————————————— clean-up ———————————————————————————————————————————————

const cleanups = [];
/** Runs `fn` at clean-up, the latest registered first. */
export const onCleanup = (fn) => cleanups.push(fn);
let cleaning = null;
export function cleanup() {
  cleaning ??= (async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`clean-up step failed: ${err.message}`);
      }
    }
  })();
  return cleaning;
}
/** Runs `main` (resolving to the exit code; 1 when it throws), cleans up and exits with that code. */
export async function runMain(main) {
  let code;
  try {
    code = await main();
  } catch (err) {
    console.error(err);
    code = 1;
  } finally {
    await cleanup();
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanup().then(() => process.exit(130));
  });
}

/** A child process, killed (SIGKILL) at clean-up if it is still running. */
function tracked(child) {
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  });
  return child;
}

// ——————————————————————————————————————————————— prerequisites ——————————————————————————————————————————

/** Builds what is missing (the web app and the API: server, migrate and fit worker bundles). */
export function ensureBuilt() {
  const missing = ['apps/api/dist/server.js', 'apps/api/dist/migrate.js', 'apps/web/dist/index.html'].filter(
    (f) => !existsSync(path.join(ROOT, f)),
  );
  if (missing.length === 0) return;
  console.log(`Building (missing: ${missing.join(', ')})…`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/**
 * Builds what is missing, finds HAProxy and claims the five ports from `first` (the balancer, three replicas,
 * HAProxy's stats page). Returns HAProxy's version, or null when there is none (nothing claimed then).
 */
export async function prepare(first) {
  ensureBuilt();
  const haproxy = ensureHaproxy();
  if (!haproxy) return null;
  await claimPorts([first, ...replicaPorts(first), first + 4]);
  return haproxy;
}

/** HAProxy's version, installing Debian's package when missing and this is root with apt-get; else null. */
export function ensureHaproxy() {
  const version = () => /version (\S+)/.exec(spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).stdout ?? '')?.[1];
  if (version()) return version();
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log('HAProxy is missing: apt-get install -y haproxy…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
    if (version()) return version();
  }
  console.error(
    'HAProxy is not installed and could not be installed here. On Debian or Ubuntu: sudo apt-get install -y haproxy\n' +
      '(any HAProxy 2.6 or later on the PATH will do; deploy/haproxy.cfg is the file it runs).',
  );
  return null;
}

// ——————————————————————————————————————————————— PostgreSQL and Redis —————————————————————————————————————

/** A fresh database on ADMIN_URL's server, dropped at clean-up. */
export async function createDatabase(prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onPostgres(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const db = {
    name,
    url: databaseUrl(name),
    query: (sql, params) => onPostgres(databaseUrl(name), async (c) => (await c.query(sql, params)).rows),
    drop: () => onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
  onCleanup(db.drop);
  return db;
}

/** An empty database number of the running Redis (15 down to 1), flushed at clean-up. */
export async function redisDatabase(base = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const redis = new Redis(base, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  for (let n = 15; n >= 1; n--) {
    await redis.select(n);
    if ((await redis.dbsize()) === 0) {
      const url = new URL(base);
      url.pathname = `/${n}`;
      onCleanup(async () => {
        await redis.select(n);
        await redis.flushdb();
        redis.disconnect();
      });
      return { url: url.toString(), number: n, redis };
    }
  }
  redis.disconnect();
  throw new Error(`no empty database number in the Redis at ${base}`);
}

/** `npm run db:migrate`'s step (the built dist/migrate.js) on `url`; returns what it logged. */
export function migrate(url) {
  const run = spawnSync(process.execPath, ['apps/api/dist/migrate.js'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'info' },
  });
  if (run.status !== 0) throw new Error(`db:migrate failed: ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)).msg;
}

/** A temporary DATA_DIR shared by every replica (the images volume), removed at clean-up. */
export function sharedDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'manto-cluster-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ——————————————————————————————————————————————— processes ——————————————————————————————————————————————

/** The three replicas' ports, after the balancer's `first`. */
export const replicaPorts = (first) => [first + 1, first + 2, first + 3];

/** A process's output, line by line; JSON lines (the server's pino log) parsed. */
function collect(child, into) {
  let rest = '';
  const take = (chunk) => {
    const text = rest + chunk.toString();
    const lines = text.split('\n');
    rest = lines.pop();
    for (const line of lines.filter(Boolean)) {
      let entry = null;
      if (line.startsWith('{')) {
        try {
          entry = JSON.parse(line);
        } catch {
          // not JSON after all
        }
      }
      into.push({ line, entry });
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
}

/** Whether nothing listens on 127.0.0.1:`port` (another bench or server on this machine may). */
export function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Throws, naming them, when any of `ports` is taken. */
export async function claimPorts(ports) {
  const taken = [];
  for (const port of ports) if (!(await portFree(port))) taken.push(port);
  if (taken.length > 0)
    throw new Error(`port(s) ${taken.join(', ')} on 127.0.0.1 are in use: set CLUSTER_PORT to another first port`);
}

/**
 * Whether process `pid` holds the listening TCP socket of `port` (Linux: /proc/net/tcp and the process's
 * file descriptors), so a server of another program on that port is never taken for it.
 */
export function listensOn(pid, port) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(hex) && f[3] === '0A') inodes.add(f[9]); // 0A: LISTEN
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/**
 * The built server as replica `name` on `port`; resolves once this process listens there and GET /api/ready
 * answers 200 (asked only then, so another server on a taken port is never taken for it).
 */
export async function startReplica(name, port, env) {
  const started = Date.now();
  const child = tracked(
    spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: ROOT,
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const replica = { name, port, base: `http://127.0.0.1:${port}`, child, pid: child.pid, log: [], startedAt: started };
  replica.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  collect(child, replica.log);
  const gone = replica.exited.then((code) => {
    throw new Error(`${name} exited (${code}) before it was ready:\n${replica.log.map((l) => l.line).join('\n')}`);
  });
  const ready = (async () => {
    while (!listensOn(child.pid, port)) await sleep(50);
    for (;;) {
      try {
        if ((await fetch(`${replica.base}/api/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  })();
  await Promise.race([ready, gone]);
  gone.catch(() => undefined);
  replica.readySeconds = (Date.now() - started) / 1000;
  return replica;
}

/** Sends `signal` and resolves once the process has exited. */
export async function signalReplica(replica, signal) {
  replica.child.kill(signal);
  return replica.exited;
}

// ——————————————————————————————————————————————— the balancer ————————————————————————————————————————————

/** HAProxy with deploy/haproxy.cfg in the foreground on `port`, before the replicas on replicaPorts(port). */
export async function startBalancer(port) {
  const statsPort = port + 4;
  const env = {
    ...process.env,
    HAPROXY_BIND: `127.0.0.1:${port}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(replicaPorts(port).map((p, i) => [`MANTO_${i + 1}`, `127.0.0.1:${p}`])),
  };
  const child = tracked(
    spawn('haproxy', ['-db', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const balancer = {
    child,
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    stats: `http://127.0.0.1:${statsPort}/stats`,
    log: [],
  };
  collect(child, balancer.log);
  for (let i = 0; i < 100; i++) {
    try {
      await balancerStats(balancer);
      return balancer;
    } catch {
      if (child.exitCode !== null) break;
      await sleep(100);
    }
  }
  throw new Error(`HAProxy did not start:\n${balancer.log.map((l) => l.line).join('\n')}`);
}

/** HAProxy's statistics (the CSV of its stats page) as rows by `proxy/server` (FRONTEND, BACKEND included). */
export async function balancerStats(balancer) {
  const text = await (await fetch(`${balancer.stats};csv`)).text();
  const [header, ...lines] = text.trim().split('\n');
  const fields = header.replace(/^# /, '').split(',');
  const rows = {};
  for (const line of lines) {
    const values = line.split(',');
    const row = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
    rows[`${row.pxname}/${row.svname}`] = row;
  }
  return rows;
}

/** Waits until each named server of the `replicas` backend is in the wanted state ('UP' or 'DOWN'). */
export async function waitForServers(balancer, wanted, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  let last = {};
  while (Date.now() < deadline) {
    const stats = await balancerStats(balancer);
    last = Object.fromEntries(Object.keys(wanted).map((s) => [s, stats[`replicas/${s}`]?.status]));
    if (Object.entries(wanted).every(([s, state]) => last[s]?.startsWith(state))) return;
    await sleep(100);
  }
  throw new Error(`servers not as wanted: ${JSON.stringify(wanted)}, last seen ${JSON.stringify(last)}`);
}

// ——————————————————————————————————————————————— HTTP from a chosen address —————————————————————————————————

const agents = new Map();
/**
 * One request with keep-alive, from `localAddress` (a loopback address such as 127.0.1.7, so visitors come
 * from many addresses, as the balancer and the per-address limits see them). Resolves with the status and
 * the body's text; rejects on a network error.
 */
export function request(method, url, { headers = {}, body, localAddress = '127.0.0.1' } = {}) {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, maxSockets: 64 })));
  const payload = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        localAddress,
        headers: {
          ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}
export const json = (res) => JSON.parse(res.body.toString());

/** The duel id inside a duel token (modules/duels/duel-token.ts: base64url JSON claims, duel id first). */
export const duelIdOf = (token) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())[0];

/** A box of rows for the terminal: the first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}
