// `npm run drill:cluster`: compose.yaml's deployment on this machine (scripts/cluster-lib.mjs): a fresh
// PostgreSQL database, the running Redis on a database number of its own, `npm run db:migrate`'s step, three
// built servers started together on one database and one DATA_DIR, and Debian's HAProxy in front with
// deploy/haproxy.cfg. Then, through the balancer unless said otherwise:
//
//   1. votes from many visitors (each from one of 32 loopback addresses, so the balancer and the per-address
//      limits see many clients) for LOAD_SECONDS; then the replica in the middle of a ranking run (holding the
//      lease; manto-2 when none is within 5 s) killed with SIGKILL; LOAD_SECONDS later restarted; LOAD_SECONDS
//      more once the balancer sees it up. Acknowledged votes (200) against the rows in `votes`:
//      0 lost, 0 duplicated. What the clients saw during the kill, and the balancer's own counters (retries,
//      redispatches, connection and response errors, 5xx sent).
//   2. shared rate limits: one visitor posting 2 × VOTE_RATE_PER_MINUTE votes through the balancer (round robin
//      over three processes) is let through exactly as often as one posting them to a single process.
//   3. one ranking job at a time: every run's span in the replicas' logs ('ranking fit started' → 'rankings
//      fitted'), and no two processes' spans overlapping; the global snapshots written; the first run after the
//      kill (a lease held by the killed process runs out after 30 s).
//   4. an image uploaded through manto-1 read through the two others and the balancer, byte for byte.
//   5. SIGTERM to every replica (exit 0), then a backup and restore: pg_dump of the database restored into a
//      fresh one with the same row count in every table, and a copy of the images folder with the same bytes.
//
// Prints a table and exits 1 when an invariant fails. Everything it started (processes, databases, the Redis
// database number, folders) is removed at the end, on failure too. LOAD_SECONDS (default 6) sets each phase;
// CLUSTER_PORT (default 4460) the first of five ports; CLUSTER_REDIS_URL the Redis (redis://127.0.0.1:6379).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CATALOGUE_SQL, loadAverage } from './bench-lib.mjs';
import {
  ROOT,
  balancerStats,
  createDatabase,
  duelIdOf,
  json,
  migrate,
  onCleanup,
  prepare,
  redisDatabase,
  replicaPorts,
  request,
  runMain,
  sharedDataDir,
  signalReplica,
  sleep,
  startBalancer,
  startReplica,
  table,
  waitForServers,
} from './cluster-lib.mjs';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 6);
const PORT = Number(process.env.CLUSTER_PORT ?? 4460);
const RATE = 600; // VOTE_RATE_PER_MINUTE: per visitor; per address four times this
const WORKERS = 24;
const ADDRESSES = Array.from({ length: 32 }, (_, i) => `127.0.1.${i + 1}`);
const VOTES_PER_VISITOR = 100; // a visitor is retired well before RATE votes in a minute
const OUTCOMES = ['left', 'right', 'left', 'right', 'tie', 'both_bad', 'skip'];
const ADMIN = { email: 'ops@manto.test', password: randomBytes(12).toString('hex') };

const rows = [['check', 'figure', 'goal', 'result']];
let failures = 0;
/** A row of the table; `ok` true/false (an invariant) or null (a figure reported, no goal). */
function row(check, figure, goal, ok) {
  rows.push([check, figure, goal, ok === null ? '—' : ok ? 'ok' : 'FAILED']);
  if (ok === false) failures++;
  console.log(`  ${check}: ${figure}${ok === false ? '  ← FAILED' : ''}`);
}

/**
 * WORKERS loops voting through `base` until `stop()`: each asks for a visitor id, a duel, votes, and goes on
 * with the next duel the answer carries. Every answer is recorded with its time, route and status.
 */
function voteLoad(base) {
  const acked = new Set();
  const events = [];
  let running = true;
  const worker = async (w) => {
    const localAddress = ADDRESSES[w % ADDRESSES.length];
    let headers = null;
    let votes = 0;
    let duel = null;
    let i = w;
    while (running) {
      let route = 'visitor';
      try {
        if (!headers || votes >= VOTES_PER_VISITOR) {
          const res = await request('POST', `${base}/api/duels/visitor`, { localAddress });
          events.push({ at: Date.now(), route, status: res.status });
          if (res.status !== 200) throw new Error(`visitor ${res.status}`);
          headers = { 'x-voter-id': json(res).voterId };
          votes = 0;
          duel = null; // the last answer's next duel was the previous visitor's
          continue;
        }
        if (!duel) {
          route = 'next';
          const res = await request('GET', `${base}/api/duels/next`, { headers, localAddress });
          events.push({ at: Date.now(), route, status: res.status });
          if (res.status !== 200) throw new Error(`next ${res.status}`);
          duel = json(res).duel;
          continue;
        }
        route = 'vote';
        const outcome = OUTCOMES[i++ % OUTCOMES.length];
        const id = duelIdOf(duel.token);
        const res = await request('POST', `${base}/api/duels/votes`, {
          headers,
          localAddress,
          body: { token: duel.token, outcome },
        });
        events.push({ at: Date.now(), route, status: res.status });
        duel = null;
        if (res.status !== 200) continue;
        acked.add(id);
        votes++;
        duel = json(res).next.duel;
      } catch (err) {
        if (!/^(visitor|next) \d+$/.test(err.message)) events.push({ at: Date.now(), route, status: 'network' });
        duel = null;
        await sleep(20);
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return {
    acked,
    events,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** `n` votes of one visitor from one address, 16 at a time, with one duel token: how many were not refused 429. */
async function hammer(base, localAddress, n) {
  const visitor = await request('POST', `${base}/api/duels/visitor`, { localAddress });
  const headers = { 'x-voter-id': json(visitor).voterId };
  const { duel } = json(await request('GET', `${base}/api/duels/next`, { headers, localAddress }));
  let sent = 0;
  const statuses = {};
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (sent < n) {
        sent++;
        const res = await request('POST', `${base}/api/duels/votes`, {
          headers,
          localAddress,
          body: { token: duel.token, outcome: 'left' },
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return { allowed: n - (statuses[429] ?? 0), statuses };
}

/**
 * Each process's ranking runs from its log: from 'ranking fit started' (logged once the lease is taken) to
 * 'rankings fitted' (logged before it is released), so a lease respected means no two processes' spans
 * overlap, whatever the few milliseconds between a release and the next process's take. A run cut by a
 * kill ends at the kill (its lease runs out 30 s later).
 */
function rankingSpans(processes) {
  const spans = [];
  for (const p of processes) {
    let open = null;
    for (const { entry } of p.log) {
      if (!entry) continue;
      if (entry.msg === 'ranking fit started') open = { process: p.label, start: entry.time, end: null };
      if (open && (entry.msg === 'rankings fitted' || entry.msg === 'ranking lease released')) {
        open.end = entry.time;
        open.scopes = entry.scopes ?? 0;
        spans.push(open);
        open = null;
      }
    }
    // A run still open: cut by the kill, or still running now.
    if (open)
      spans.push({ ...open, end: p.killedAt ?? Date.now(), cut: p.killedAt !== undefined, running: !p.killedAt });
  }
  return spans.sort((a, b) => a.start - b.start);
}

const sha = (buffer) => createHash('sha256').update(buffer).digest('hex');
/** Every file under `dir`, by its path relative to it, with its hash. */
function filesOf(dir) {
  const out = {};
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = sha(readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

// ————————————————————————————————————————————————— run —————————————————————————————————————————————————

async function main() {
  const haproxy = await prepare(PORT);
  if (!haproxy) return 2;
  console.log(`drill:cluster — HAProxy ${haproxy}, Node ${process.version}, load average ${loadavg()[0].toFixed(2)}`);

  const db = await createDatabase('manto_cluster');
  const redis = await redisDatabase();
  const dataDir = sharedDataDir();
  console.log(`  database ${db.name}, Redis database ${redis.number}, DATA_DIR ${dataDir}`);
  const migrated = migrate(db.url);
  await db.query(CATALOGUE_SQL);

  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    VOTE_MIN_DECISION_MS: '0',
    VOTE_RATE_PER_MINUTE: String(RATE),
    VOTE_DAILY_CAP: '1000000',
    RANKING_INTERVAL_SECONDS: '2',
    RANKING_FIT_WORKERS: '1',
    SEGMENTS_ENABLED: 'false',
  };
  const ports = replicaPorts(PORT);
  // Started together on one database: the start-up lock serialises their migrations and the configured admin.
  const replicas = await Promise.all(ports.map((port, i) => startReplica(`manto-${i + 1}`, port, env)));
  for (const r of replicas) r.label = r.name;
  const processes = [...replicas];
  const [{ n: recorded }] = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/drizzle/meta/_journal.json'), 'utf8'));
  const [{ n: admins }] = await db.query(`select count(*)::int as n from users where 'Admin' = any(roles)`);
  row(
    'db:migrate, then 3 replicas started together',
    `${migrated}; recorded ${recorded} of ${journal.entries.length}; ${admins} admin; ready in ${replicas.map((r) => r.readySeconds.toFixed(1)).join(', ')} s`,
    'each migration once, one admin',
    recorded === journal.entries.length && admins === 1,
  );

  const balancer = await startBalancer(PORT);
  await waitForServers(balancer, { 'manto-1': 'UP', 'manto-2': 'UP', 'manto-3': 'UP' });

  // ——— 1. votes under load, one replica killed and restarted ———
  console.log(`votes through the balancer, ${WORKERS} visitors at a time from ${ADDRESSES.length} addresses…`);
  const before = await balancerStats(balancer);
  const load = voteLoad(balancer.base);
  await sleep(LOAD_SECONDS * 1000);
  // The replica in the middle of a ranking run (it holds the lease), when one is within 5 s; else manto-2.
  const fitting = async () => {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(50)) {
      const open = replicas.findIndex((r) => {
        const marks = r.log.filter((l) => ['ranking fit started', 'rankings fitted'].includes(l.entry?.msg));
        return marks.at(-1)?.entry.msg === 'ranking fit started';
      });
      if (open >= 0) return open;
    }
    return 1;
  };
  const victimIndex = await fitting();
  const victim = replicas[victimIndex];
  victim.killedAt = Date.now();
  await signalReplica(victim, 'SIGKILL');
  const downSeen = waitForServers(balancer, { [victim.name]: 'DOWN' }).then(() => Date.now());
  await sleep(LOAD_SECONDS * 1000);
  const restartedAt = Date.now();
  const again = await startReplica(victim.name, ports[victimIndex], env);
  again.label = `${victim.name} (restarted)`;
  processes.push(again);
  replicas[victimIndex] = again;
  await waitForServers(balancer, { [victim.name]: 'UP' });
  const upAt = Date.now();
  await sleep(LOAD_SECONDS * 1000);
  await load.stop();
  const downAt = await downSeen;
  const after = await balancerStats(balancer);

  const stored = await db.query('select duel_id::text as id from votes');
  const storedIds = new Set(stored.map((r) => r.id));
  const lost = [...load.acked].filter((id) => !storedIds.has(id)).length;
  const duplicated = stored.length - storedIds.size;
  const unanswered = [...storedIds].filter((id) => !load.acked.has(id)).length;
  row('votes acknowledged (200)', String(load.acked.size), '—', null);
  row('rows in votes', String(stored.length), '—', null);
  row('acknowledged votes lost', String(lost), '0', lost === 0);
  row('votes stored twice', String(duplicated), '0', duplicated === 0);
  row('votes stored, answer lost to the kill', String(unanswered), '— (in flight at the kill)', null);

  const window = load.events.filter((e) => e.at >= victim.killedAt && e.at <= upAt + 1000);
  const outside = load.events.filter((e) => e.at < victim.killedAt || e.at > upAt + 1000);
  const describe = (events) => {
    const count = {};
    for (const e of events)
      if (e.status !== 200) count[`${e.route} ${e.status}`] = (count[`${e.route} ${e.status}`] ?? 0) + 1;
    const text = Object.entries(count)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    return { text: text || 'none', errors: events.filter((e) => e.status === 'network' || e.status >= 500).length };
  };
  const during = describe(window);
  const rest = describe(outside);
  row(
    'client answers other than 200, kill → back up',
    `${during.text} (of ${window.length} requests)`,
    '0 errors (5xx or network)',
    null,
  );
  row('client answers other than 200, rest of the run', `${rest.text} (of ${outside.length})`, '0 errors', null);
  const delta = (key, field) => Number(after[key]?.[field] ?? 0) - Number(before[key]?.[field] ?? 0);
  row(
    'balancer during the run',
    `retries ${delta('replicas/BACKEND', 'wretr')}, redispatches ${delta('replicas/BACKEND', 'wredis')}, ` +
      `connection errors ${delta('replicas/BACKEND', 'econ')}, response errors ${delta('replicas/BACKEND', 'eresp')}, ` +
      `5xx sent to clients ${delta('manto/FRONTEND', 'hrsp_5xx')}`,
    '5xx sent: 0',
    null,
  );
  row(
    `${victim.name} killed (SIGKILL), out of and back into the balancer`,
    `marked DOWN ${((downAt - victim.killedAt) / 1000).toFixed(1)} s after the kill; restarted ready in ${again.readySeconds.toFixed(1)} s, UP ${((upAt - restartedAt) / 1000).toFixed(1)} s after its restart`,
    '—',
    null,
  );
  const errorsSeen = during.errors + rest.errors;
  const sent5xx = delta('manto/FRONTEND', 'hrsp_5xx');

  // ——— 2. rate limits shared through Redis ———
  const viaBalancer = await hammer(balancer.base, '127.0.2.1', 2 * RATE);
  const direct = await hammer(replicas[0].base, '127.0.2.2', 2 * RATE);
  row(
    `one visitor, ${2 * RATE} votes through the balancer (3 processes)`,
    `${viaBalancer.allowed} let through, ${viaBalancer.statuses[429] ?? 0} refused 429`,
    `${RATE} (VOTE_RATE_PER_MINUTE)`,
    viaBalancer.allowed === RATE,
  );
  row(
    `the same against one process`,
    `${direct.allowed} let through, ${direct.statuses[429] ?? 0} refused 429`,
    `${RATE}, as through the balancer`,
    direct.allowed === RATE && direct.allowed === viaBalancer.allowed,
  );

  // ——— 4. an image through one replica, read through the others ———
  const login = await request('POST', `${replicas[0].base}/api/auth/login`, { body: ADMIN });
  const token = json(login).accessToken;
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const uploaded = await request('POST', `${replicas[0].base}/api/manage/images`, {
    headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
    body: png,
  });
  const image = json(uploaded);
  const files = [`/api/images/${image.id}/original`, image.src];
  const readers = [replicas[1], replicas[2], { name: 'balancer', base: balancer.base }];
  const reference = await Promise.all(files.map((f) => request('GET', `${replicas[0].base}${f}`)));
  const readBack = [];
  for (const reader of readers)
    for (const [i, f] of files.entries()) {
      const res = await request('GET', `${reader.base}${f}`);
      readBack.push(res.status === 200 && res.body.equals(reference[i].body) && reference[i].status === 200);
    }
  row(
    `image uploaded via manto-1, read via ${readers.map((r) => r.name).join(', ')}`,
    `upload ${uploaded.status}; original and ${path.basename(image.src ?? '?')}: ${readBack.filter(Boolean).length} of ${readBack.length} reads equal`,
    'every read equal',
    uploaded.status === 201 && readBack.every(Boolean),
  );

  // ——— 3. one ranking job at a time ———
  // The killed process held the lease if it was fitting: the next run waits for the lease to run out
  // (LEASE_SECONDS, modules/rankings/job.ts). Wait for a run started after the kill, at most two leases.
  const LEASE_SECONDS = 30;
  const resumedAt = async () => {
    const deadline = victim.killedAt + 2 * LEASE_SECONDS * 1000 + 5000;
    while (Date.now() < deadline) {
      const first = rankingSpans(processes).find((s) => s.start > victim.killedAt && s.process !== victim.label);
      if (first) return first.start;
      await sleep(250);
    }
    return null;
  };
  const resumed = await resumedAt();
  const spans = rankingSpans(processes);
  let overlaps = 0;
  for (let i = 1; i < spans.length; i++)
    for (let j = 0; j < i; j++) if (spans[j].process !== spans[i].process && spans[i].start < spans[j].end) overlaps++;
  const perProcess = {};
  for (const s of spans) perProcess[s.process] = (perProcess[s.process] ?? 0) + 1;
  const [{ n: globalFits }] = await db.query(`select count(*)::int as n from ranking_fits where scope = 'global'`);
  row(
    'ranking runs (fit started → fitted), all processes',
    `${spans.length} runs (${Object.entries(perProcess)
      .map(([p, n]) => `${p}: ${n}`)
      .join(', ')}): ${spans.filter((s) => s.scopes > 0).length} fitted changed scopes, ` +
      `${spans.filter((s) => s.end && !s.cut && !s.running && !s.scopes).length} found nothing changed, ` +
      `${spans.filter((s) => s.cut).length} cut by the kill, ${spans.filter((s) => s.running).length} running; ` +
      `${globalFits} global snapshots`,
    '> 0 runs',
    spans.length > 0 && globalFits > 0,
  );
  row('ranking runs of two processes overlapping', String(overlaps), '0 (the lease)', overlaps === 0);
  const cut = spans.some((s) => s.cut);
  row(
    'first ranking run after the kill',
    resumed === null
      ? 'none within two lease periods'
      : `${((resumed - victim.killedAt) / 1000).toFixed(1)} s after it (${cut ? 'the killed process held the lease: it runs out after 30 s' : 'the lease was free'})`,
    'within 2 lease periods (60 s)',
    resumed !== null && resumed - victim.killedAt <= 2 * LEASE_SECONDS * 1000,
  );

  // ——— 5. SIGTERM, then backup and restore ———
  const exits = await Promise.all(
    replicas.map(async (r) => {
      const sent = Date.now();
      const code = await signalReplica(r, 'SIGTERM');
      return { code, seconds: (Date.now() - sent) / 1000 };
    }),
  );
  row(
    'SIGTERM to the three replicas',
    exits.map((e) => `exit ${e.code} in ${e.seconds.toFixed(1)} s`).join('; '),
    'exit 0 within 10 s',
    exits.every((e) => e.code === 0 && e.seconds <= 10),
  );

  const dump = path.join(dataDir, '..', `${db.name}.dump`);
  onCleanup(() => spawnSync('rm', ['-f', dump]));
  const dumped = spawnSync('pg_dump', ['--format=custom', `--dbname=${db.url}`, `--file=${dump}`], {
    encoding: 'utf8',
  });
  const restored = await createDatabase('manto_restore');
  const restoredRun = spawnSync('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump], { encoding: 'utf8' });
  const tables = await db.query(
    `select table_schema || '.' || table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts = async (target) => {
    const out = {};
    for (const { t } of tables) out[t] = (await target.query(`select count(*)::int as n from ${t}`))[0].n;
    return out;
  };
  const [original, copy] = [await counts(db), await counts(restored)];
  const differ = tables.map(({ t }) => t).filter((t) => original[t] !== copy[t]);
  const total = Object.values(original).reduce((a, b) => a + b, 0);
  row(
    'pg_dump, pg_restore into a fresh database',
    dumped.status === 0 && restoredRun.status === 0
      ? `${tables.length} tables, ${total} rows (votes ${original['public.votes']}); ${differ.length} tables differ`
      : `pg_dump ${dumped.status}, pg_restore ${restoredRun.status}: ${(dumped.stderr + restoredRun.stderr).trim()}`,
    'every table the same row count',
    dumped.status === 0 && restoredRun.status === 0 && differ.length === 0,
  );
  const imagesCopy = path.join(tmpdir(), `manto-images-restore-${randomBytes(4).toString('hex')}`);
  onCleanup(() => spawnSync('rm', ['-rf', imagesCopy]));
  cpSync(path.join(dataDir, 'images'), imagesCopy, { recursive: true });
  const [a, b] = [filesOf(path.join(dataDir, 'images')), filesOf(imagesCopy)];
  row(
    'images folder copied and compared',
    `${Object.keys(a).length} files, ${Object.keys(a).filter((f) => a[f] !== b[f]).length} differ`,
    'the same bytes',
    Object.keys(a).length > 0 &&
      Object.keys(a).every((f) => a[f] === b[f]) &&
      Object.keys(b).length === Object.keys(a).length,
  );

  console.log(`\n${table(rows)}\n`);
  console.log(
    `Balancer errors: ${errorsSeen} client-seen (5xx or network), ${sent5xx} 5xx sent by HAProxy. ` +
      `Load average ${loadAverage()}.`,
  );
  console.log(failures === 0 ? 'All invariants hold.' : `${failures} invariant(s) FAILED.`);
  return failures === 0 ? 0 : 1;
}

await runMain(main);
