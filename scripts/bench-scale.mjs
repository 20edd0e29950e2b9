// `npm run bench:scale` (build first; needs a PostgreSQL server): how Manto's costs grow with the votes.
// A fresh `manto_scale_<random>` database (dropped at the end) gets 2 000 jerseys over 60 teams, then, in
// steps, simulated votes bulk-loaded with COPY (psql's \copy, not through HTTP) up to 100 k, 1 M and 10 M.
// The pair tallies the vote statement keeps are written alongside, as the vote path would have left them.
// At each step the built API is started on the database and the bench prints:
// - start-up: from spawn to /api/ready (catalogue and pools loaded);
// - the ranking job end to end (tallies read, every scope fitted with its bootstrap, snapshots written,
//   outliers judged), from its own log lines: the first run after start, then the next run after 10 k
//   more votes (the steady state: what a run costs on a live site);
// - GET /api/duels/next and GET /api/rankings p50/p99 at a fixed 100 requests/s, idle after the first run
//   and while the steady run runs;
// - the API process's peak RSS (VmHWM), and the peak by phase of the job, and the database size;
// - the steady run again with the segment rankings off (SEGMENTS_ENABLED=false), side by side: 40% of the
//   votes come from 20 000 simulated members with favourite teams and regions, who favour their own club.
// BENCH_SCALE_STEPS (default "100000,1000000,10000000") sets the steps; BENCH_SCALE_NODE_ARGS passes flags to
// the API's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_SCALE_KEEP=true keeps the database for
// probing afterwards (its name is printed; drop it by hand). Figures only: never pass or fail.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { ADMIN_URL, onPostgres, stop, waitFor } from './bench-lib.mjs';

const STEPS = (process.env.BENCH_SCALE_STEPS ?? '100000,1000000,10000000').split(',').map(Number);
const TEAMS = 60;
const JERSEYS = 2_000;
const STEADY_VOTES = 10_000;
const MEMBERS = 20_000;
/** Voters whose number modulo 5 is below this are members (2 in 5). */
const MEMBER_SHARE = 2;
const OWN_TEAM_BIAS = 1;
const STATES = ['SP', 'RJ', 'MG', 'RS', 'BA', 'PR', 'PE', 'CE'];
/** Each simulated voter answers this many duels in one sitting (new voters keep arriving). */
const VOTES_PER_VOTER = 40;
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3921);
const BASE = `http://127.0.0.1:${PORT}`;
const RATE = 100;

const name = `manto_scale_${randomBytes(4).toString('hex')}`;
const adminUrl = new URL(ADMIN_URL);
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ———————————————————————————————————————— the simulated crowd ————————————————————————————————————————

/** Deterministic PRNG (mulberry32), so every run simulates the same crowd. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261124);
const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

let jerseys = []; // { id, team }
let members = []; // { id, team }
let byTeam = new Map();
let strength = new Float64Array(0);
/** Pair tallies as the vote statement keeps them: key low*JERSEYS+high (positions in id order). */
const tally = new Map();
let votesMade = 0;

function pickPair() {
  // Half the duels inside one team (the team pages), half across the catalogue.
  if (random() < 0.5) {
    const team = byTeam.get(jerseys[Math.floor(random() * JERSEYS)].team);
    const i = team[Math.floor(random() * team.length)];
    let j = i;
    while (j === i) j = team[Math.floor(random() * team.length)];
    return [i, j, `team:${jerseys[i].team}`];
  }
  const i = Math.floor(random() * JERSEYS);
  let j = i;
  while (j === i) j = Math.floor(random() * JERSEYS);
  return [i, j, 'global'];
}

/** One vote as a COPY line, and its place in the tallies. */
function voteLine(now) {
  const [l, r, scope] = pickPair();
  const u = random();
  let outcome;
  if (u < 0.05) outcome = 'skip';
  else if (u < 0.1) outcome = 'tie';
  else if (u < 0.13) outcome = 'both_bad';
  const voter = Math.floor(votesMade / VOTES_PER_VOTER);
  const member = voter % 5 < MEMBER_SHARE ? members[voter % MEMBERS] : null;
  const bias = (i) => (member && jerseys[i].team === member.team ? OWN_TEAM_BIAS : 0);
  if (outcome === undefined)
    outcome = random() < 1 / (1 + Math.exp(strength[r] + bias(r) - strength[l] - bias(l))) ? 'left' : 'right';
  const answered = new Date(now - (STEPS.at(-1) - votesMade) * 50);
  const issued = new Date(answered.getTime() - 2500 - Math.floor(random() * 8000));
  votesMade++;
  if (outcome !== 'skip') {
    const [a, b] = l < r ? [l, r] : [r, l];
    const key = a * JERSEYS + b;
    let t = tally.get(key);
    if (!t) tally.set(key, (t = [0, 0, 0]));
    if (outcome === 'tie' || outcome === 'both_bad') t[2]++;
    else t[(outcome === 'left' ? l : r) === a ? 0 : 1]++;
  }
  const who = member ? `u:${member.id},${member.id}` : `v:bench-${voter},`;
  return `${randomUUID()},${scope},${jerseys[l].id},${jerseys[r].id},${outcome},${outcome === 'skip' ? 'dont_know' : ''},${who},${issued.toISOString()},${answered.toISOString()}\n`;
}

/** Streams lines into `\copy <target> from stdin (format csv)` through psql. */
function copy(target, lines) {
  return new Promise((resolve, reject) => {
    const psql = spawn(
      'psql',
      [dbUrl, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy ${target} from stdin with (format csv)`],
      {
        stdio: ['pipe', 'inherit', 'inherit'],
      },
    );
    psql.on('error', reject);
    psql.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql \\copy ${target} exited with ${code}`)),
    );
    const write = () => {
      for (;;) {
        const { value, done } = lines.next();
        if (done) return psql.stdin.end();
        if (!psql.stdin.write(value)) return psql.stdin.once('drain', write);
      }
    };
    write();
  });
}

function* voteLines(n, now) {
  // Batches of lines keep the pipe busy without a write per vote.
  for (let k = 0; k < n; k += 1000) {
    let chunk = '';
    for (let i = k; i < Math.min(n, k + 1000); i++) chunk += voteLine(now);
    yield chunk;
  }
}

function* tallyLines() {
  let chunk = '';
  for (const [key, [lw, hw, t]] of tally) {
    chunk += `${jerseys[Math.floor(key / JERSEYS)].id},${jerseys[key % JERSEYS].id},${lw},${hw},${t}\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const VOTE_COLUMNS =
  'votes (duel_id, scope, left_id, right_id, outcome, skip_reason, voter_key, user_id, issued_at, answered_at)';

/** Adds `n` votes and rewrites the pair tallies to match (what the vote statement keeps per vote). */
async function addVotes(n) {
  await copy(VOTE_COLUMNS, voteLines(n, Date.now()));
  await onPostgres(dbUrl, (c) => c.query('truncate pair_stats'));
  await copy('pair_stats (low_id, high_id, low_wins, high_wins, ties)', tallyLines());
}

/**
 * The same while the API runs: the votes and their tallies land in one transaction (through unlogged
 * staging tables), as the vote statement would leave them, so the job never reads one without the other.
 */
async function addVotesLive(n) {
  await onPostgres(dbUrl, (c) =>
    c.query(`drop table if exists votes_staging, pair_stats_staging;
      create unlogged table votes_staging as select duel_id, scope, left_id, right_id, outcome, skip_reason, voter_key,
        user_id, issued_at, answered_at from votes limit 0;
      create unlogged table pair_stats_staging as select low_id, high_id, low_wins, high_wins, ties from pair_stats limit 0;`),
  );
  await copy(VOTE_COLUMNS.replace(/^votes/, 'votes_staging'), voteLines(n, Date.now()));
  await copy('pair_stats_staging (low_id, high_id, low_wins, high_wins, ties)', tallyLines());
  await onPostgres(dbUrl, (c) =>
    c.query(`begin;
      insert into ${VOTE_COLUMNS} select * from votes_staging;
      delete from pair_stats;
      insert into pair_stats (low_id, high_id, low_wins, high_wins, ties) select * from pair_stats_staging;
      commit;
      drop table votes_staging, pair_stats_staging;`),
  );
}

// ————————————————————————————————————————————— the API —————————————————————————————————————————————

const SERVER_ENV = {
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATABASE_URL: dbUrl,
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
  // One run at start, the next after the steady-state votes (the bench waits for both).
  RANKING_INTERVAL_SECONDS: '5',
  // Segments refitted with every run, so the steady run shows their cost.
  SEGMENT_INTERVAL_SECONDS: '0',
};

/** Starts the API, returns it with its start-up time and a stream of the ranking job's runs. */
async function startApi(env = {}) {
  const started = performance.now();
  const nodeArgs = (process.env.BENCH_SCALE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const runs = [];
  const segmentsOn = (env.SEGMENTS_ENABLED ?? 'true') !== 'false';
  let fitStart = null;
  let current = null;
  // Where the resident set peaks: sampled every 100 ms, labelled with the job's phase at the time.
  let phase = 'start-up';
  const peaks = new Map();
  const sampler = setInterval(() => {
    const mb = procStatusMb(child.pid, 'VmRSS:');
    if (mb > (peaks.get(phase) ?? 0)) peaks.set(phase, mb);
  }, 100);
  child.on('exit', () => clearInterval(sampler));
  let waiting = null;
  const end = () => {
    runs.push(current);
    current = null;
    fitStart = null;
    waiting?.();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.msg === 'ranking fit started') {
      fitStart = performance.now();
      phase = `run ${runs.length + 1}: ordinary rankings`;
    }
    if (entry.msg === 'rankings fitted') phase = `run ${runs.length + 1}: segments`;
    if (entry.msg === 'segment rankings fitted') phase = `run ${runs.length + 1}: outliers, then idle`;
    // A run: the ordinary rankings published ('rankings fitted'), then, when on, the segments.
    if (entry.msg === 'rankings fitted' && fitStart !== null && !entry.until) {
      current = { seconds: (performance.now() - fitStart) / 1000, scopes: entry.scopes };
      if (!segmentsOn) end();
    }
    if (entry.msg === 'segment rankings fitted' && current) {
      current.segments = { seconds: entry.seconds, scopes: entry.segments };
      end();
    }
    if (entry.msg === 'ranking fit failed') {
      // A failed run is a figure too (e.g. a statement timeout): report it rather than wait forever.
      runs.push({ seconds: (performance.now() - (fitStart ?? performance.now())) / 1000, failed: entry.err?.message });
      fitStart = null;
      waiting?.();
    }
    if (entry.level >= 50) console.error(line.slice(0, 500));
  });
  await waitFor(`${BASE}/api/ready`, (res) => res.ok);
  const startup = (performance.now() - started) / 1000;
  return {
    child,
    startup,
    runs,
    fitting: () => fitStart !== null,
    peaks,
    /** Resolves once `count` job runs have ended. */
    runsDone: (count) =>
      new Promise((resolve) => {
        const check = () => (runs.length >= count ? resolve() : (waiting = check));
        check();
      }),
  };
}

/** A /proc/<pid>/status figure in MB (0 once the process is gone). */
const procStatusMb = (pid, field) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(field));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return 0;
  }
};

// ————————————————————————————————————————— latency at a fixed rate —————————————————————————————————————————

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
function timedGet(path, headers) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(`${BASE}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200 }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
  });
}

/**
 * Alternates GET next duel and GET ranking page at RATE requests/s (open loop: a slow answer does not slow
 * the arrivals) while `keepGoing()` holds, at least `minMs`; returns each route's latencies.
 */
async function measure(voterIds, keepGoing, minMs = 3000) {
  const lat = { next: [], rankings: [] };
  let errors = 0;
  const pending = [];
  const t0 = performance.now();
  for (let i = 0; keepGoing() || performance.now() - t0 < minMs; i++) {
    const route = i % 2 === 0 ? 'next' : 'rankings';
    const path = route === 'next' ? '/api/duels/next' : '/api/rankings?pageSize=50';
    const headers = route === 'next' ? { 'x-voter-id': voterIds[i % voterIds.length] } : {};
    pending.push(
      timedGet(path, headers).then((r) => {
        if (r.ok) lat[route].push(r.ms);
        else errors++;
      }),
    );
    const due = t0 + ((i + 1) * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
  }
  await Promise.all(pending);
  return { ...lat, errors };
}

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} ms (n=${xs.length})`;

// ———————————————————————————————————————————————— run ————————————————————————————————————————————————

async function setUp() {
  await onPostgres(ADMIN_URL, (c) => c.query(`create database ${name}`));
  // The API migrates the new database on its first start.
  const api = await startApi();
  await stop(api.child);
  await onPostgres(dbUrl, async (c) => {
    await c.query(`
      insert into suppliers (name, slug) values ('Scale Supplier', 'scale-supplier');
      insert into models (name, slug) select 'Scale Model ' || i, 'scale-model-' || i from generate_series(1, 4) i;
      insert into teams (name, slug, country, city, base_color, category)
        select 'Scale Team ' || i, 'scale-team-' || i, 'Brasil', 'Recife', '#112233', 'club' from generate_series(1, ${TEAMS}) i;
      insert into jerseys (team_id, model_id, supplier_id, slug, season, model_year, main_color, image_source_text)
        select (select id from teams where slug = 'scale-team-' || (1 + i % ${TEAMS})),
               (select id from models where slug = 'scale-model-' || (1 + i % 4)),
               (select id from suppliers limit 1),
               'scale-' || i, 1990 + i / 60, (1990 + i / 60) || '/' || (1991 + i / 60), '#ffffff', 'Bench'
          from generate_series(0, ${JERSEYS - 1}) i;`);
    const { rows } = await c.query('select id, team_id from jerseys order by id');
    jerseys = rows.map((r) => ({ id: r.id, team: r.team_id }));
    // Members: favourite teams skewed towards the first teams (big clubs have more fans), one in ten
    // abroad, the rest over eight Brazilian states.
    await c.query(`
      insert into users (email, name, country, state, favourite_team_id, confirmed_at)
        select 'scale-' || i || '@bench.invalid', 'Scale Member ' || i,
               case when i % 10 = 0 then 'Portugal' else 'Brasil' end,
               (array[${STATES.map((x) => `'${x}'`).join(',')}])[1 + i % ${STATES.length}],
               (select id from teams where slug = 'scale-team-' || (1 + floor(${TEAMS} * power((i * 0.6180339887) % 1, 2)))::int),
               now()
          from generate_series(1, ${MEMBERS}) i;`);
    members = (await c.query('select id, favourite_team_id from users order by email')).rows.map((r) => ({
      id: r.id,
      team: r.favourite_team_id,
    }));
  });
  byTeam = new Map();
  jerseys.forEach((j, i) => byTeam.set(j.team, [...(byTeam.get(j.team) ?? []), i]));
  strength = Float64Array.from(jerseys, () => gauss());
}

async function visitorIds(n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${BASE}/api/duels/visitor`, { method: 'POST' });
    ids.push((await res.json()).voterId);
  }
  return ids;
}

async function step(target) {
  const t0 = performance.now();
  await addVotes(target - votesMade);
  await onPostgres(dbUrl, (c) => c.query('vacuum analyze'));
  const loadSeconds = (performance.now() - t0) / 1000;
  const api = await startApi();
  try {
    const ids = await visitorIds(50);
    // The first job run begins half a second after start (it also warms the process up); then idle
    // latency, then 10 k more votes and the next timed run (the steady state), measured while it runs.
    await quiet(api);
    const idle = await measure(ids, () => false, 5000);
    const votes = votesMade;
    const before = api.runs.length;
    await addVotesLive(STEADY_VOTES);
    while (!api.fitting() && api.runs.length === before) await sleep(20);
    const during = await measure(ids, () => api.runs.length === before, 0);
    await api.runsDone(before + 1);
    const [size] = await onPostgres(dbUrl, async (c) =>
      (await c.query(`select pg_database_size('${name}')::bigint as bytes`)).rows.map((r) => Number(r.bytes)),
    );
    const rssMb = procStatusMb(api.child.pid, 'VmHWM:');
    const rssPeaks = [...api.peaks];
    await stop(api.child);
    const withoutSegments = await steadyWithoutSegments();
    return {
      votes,
      pairs: tally.size,
      loadSeconds,
      startup: api.startup,
      first: api.runs[0],
      steady: api.runs.at(-1),
      during,
      idle,
      rssMb,
      rssPeaks,
      dbMb: size / 1024 / 1024,
      withoutSegments,
    };
  } finally {
    await stop(api.child);
  }
}

/** The job's quiet state: no run for two intervals (a run that flags outliers is followed by another). */
async function quiet(api) {
  await api.runsDone(1);
  for (let still = 0; still < 2;) {
    const seen = api.runs.length;
    await sleep(Number(SERVER_ENV.RANKING_INTERVAL_SECONDS) * 1000 + 500);
    if (api.fitting()) await api.runsDone(seen + 1);
    still = api.runs.length === seen ? still + 1 : 0;
  }
}

/** A steady run (after STEADY_VOTES more votes) with the segment rankings off, for the side-by-side cost. */
async function steadyWithoutSegments() {
  const api = await startApi({ SEGMENTS_ENABLED: 'false' });
  try {
    await quiet(api);
    const before = api.runs.length;
    await addVotesLive(STEADY_VOTES);
    await api.runsDone(before + 1);
    return api.runs.at(-1);
  } finally {
    await stop(api.child);
  }
}

console.log(
  `bench:scale: ${JERSEYS} jerseys over ${TEAMS} teams, steps ${STEPS.join(', ')}; database ${name} on ${adminUrl.host}`,
);
try {
  await setUp();
  const rows = [];
  for (const target of STEPS) {
    const r = await step(target);
    rows.push(r);
    console.log(
      `\n${r.votes.toLocaleString('en')} votes (${r.pairs.toLocaleString('en')} pairs; loaded in ${r.loadSeconds.toFixed(0)} s), load average ${load()}`,
    );
    console.log(`  start-up                 ${r.startup.toFixed(2)} s (goal ≤ 5 s at 10 M)`);
    const job = (run) =>
      `${run.seconds.toFixed(1)} s, ${run.failed ? `FAILED: ${run.failed}` : `${run.scopes} scopes`}` +
      (run.segments ? `; then segments ${run.segments.seconds.toFixed(1)} s, ${run.segments.scopes} fitted` : '');
    console.log(`  ranking job, first run   ${job(r.first)} (goal ≤ 10 s at 1 M, ≤ 60 s at 10 M)`);
    console.log(`  ranking job, +${STEADY_VOTES / 1000} k votes  ${job(r.steady)}`);
    console.log(`    same, segments off     ${job(r.withoutSegments)}`);
    console.log(`  next duel   idle         ${fmt(r.idle.next)}`);
    console.log(
      `              during job   ${fmt(r.during.next)}  p99 ratio ${(pct(r.during.next, 99) / pct(r.idle.next, 99)).toFixed(2)}× (goal ≤ 2×)`,
    );
    console.log(`  ranking     idle         ${fmt(r.idle.rankings)}`);
    console.log(
      `              during job   ${fmt(r.during.rankings)}  p99 ratio ${(pct(r.during.rankings, 99) / pct(r.idle.rankings, 99)).toFixed(2)}× (goal ≤ 2×)`,
    );
    console.log(`  errors                   ${r.idle.errors + r.during.errors}`);
    console.log(`  peak RSS of the API      ${r.rssMb.toFixed(0)} MB (goal ≤ 512 MB at 10 M)`);
    console.log(`    by phase (VmRSS, 100 ms samples): ${r.rssPeaks.map(([p, mb]) => `${p} ${mb.toFixed(0)}`).join('; ')}`);
    console.log(`  database size            ${r.dbMb.toFixed(0)} MB`);
  }
  const [first, last] = [rows[0], rows.at(-1)];
  if (rows.length > 1) {
    const growth = (f) => (f(last) / f(first)).toFixed(1);
    console.log(
      `\nReading: ${(last.votes / first.votes).toFixed(0)}× the votes cost the first job run ${growth((r) => r.first.seconds)}×, ` +
        `a steady run ${growth((r) => r.steady.seconds)}× and peak RSS ${growth((r) => r.rssMb)}×; ` +
        `the job reads one row per pair (${first.pairs.toLocaleString('en')} → ${last.pairs.toLocaleString('en')}), not one per vote, ` +
        `so its cost follows the pairs and the catalogue; the first run after a bulk load also judges every new voter for outliers.`,
    );
  }
} finally {
  agent.destroy();
  if (process.env.BENCH_SCALE_KEEP === 'true') console.log(`kept database ${name}`);
  else await onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
}
