// `node scripts/bench-duels.mjs` (part of `npm run bench`; build first): the duel, vote and ranking rows of
// docs/performance.md, as ratios against a raw node:http server answering the same JSON in the
// same run (A B A B A B, median and range), then p50/p99 at a fixed rate of half the route's own maximum.
//
// - GET /api/duels/next on PostgreSQL, 1 000 server-issued visitor ids in turn.
// - POST /api/duels/votes, durable, on PostgreSQL and on embedded PGlite, both servers up and measured in
//   turn (raw, PostgreSQL, PGlite, three times), so PGlite's ratio to PostgreSQL is side by side too.
//   Duel tokens are issued first (GET next with the visitor ids); the bench waits past
//   VOTE_MIN_DECISION_MS, then posts each token once; afterwards the rows in `votes` must equal the 200
//   answers exactly.
// - GET /api/rankings?pageSize=50 on PostgreSQL after the votes and a fit.
//
// Each database is fresh: a `manto_bench_<random>` PostgreSQL database (dropped at the end) and a temporary
// PGlite directory, with 200 jerseys inserted by SQL. Vote rate limits and the daily cap are raised so one
// load generator can vote; the decision-time check stays on. BENCH_SECONDS (default 5) sets each run.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  CATALOGUE_SQL,
  benchDatabase,
  canPin,
  loadAverage,
  median,
  nextDuelRequest,
  onPostgres,
  pinLoadGenerator,
  ratioText,
  run,
  start,
  startRaw,
  stop,
  waitFor,
} from './bench-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
// BENCH_PORT moves the three ports (PostgreSQL server, raw baseline, PGlite server) when 3911–3913 are taken.
const PG_PORT = Number(process.env.BENCH_PORT ?? 3911);
const RAW_PORT = PG_PORT + 1;
const LITE_PORT = PG_PORT + 2;
// BENCH_DUELS_SERVER runs another build (e.g. an older commit's apps/api/dist/server.js) for a before/after.
const SERVER = process.env.BENCH_DUELS_SERVER ?? 'apps/api/dist/server.js';
const url = (port) => `http://127.0.0.1:${port}`;
const RAW = url(RAW_PORT);
const TEAMS = 20;
const MODELS = ['Home', 'Away'];
const SEASONS = [2015, 2019];
const JERSEYS = TEAMS * MODELS.length * (SEASONS[1] - SEASONS[0] + 1);
const VOTERS = 1_000;
const MIN_DECISION_MS = 700;
const CONNECTIONS = 32;
const RANKING_PATH = '/api/rankings?pageSize=50';
/** A realistic mix of answers; a skip is an answer too (stored, not counted). */
const OUTCOMES = ['left', 'right', 'left', 'right', 'left', 'right', 'tie', 'both_bad', 'skip'];

const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  VOTE_MIN_DECISION_MS: String(MIN_DECISION_MS),
  VOTE_RATE_PER_MINUTE: '1000000',
  VOTE_DAILY_CAP: '1000000',
  // Visitor ids are issued by the server (never refused, ADR 0028), valid on both servers (one secret).
  JWT_SECRET: randomBytes(32).toString('hex'),
  // No fit while duels and votes are measured (the first one, at start, sees no votes).
  RANKING_INTERVAL_SECONDS: '86400',
};

// The PostgreSQL backends serving the bench database join the load generator on core 0 (docs/performance.md
// §1): left free, they ran on the server's core half the time and the vote figure measured the two fighting
// over it (+22 % votes/s when kept apart, ADR 0019 second addendum). BENCH_PIN_DATABASE=false leaves them be.
const PIN_DATABASE = canPin && process.env.BENCH_PIN_DATABASE !== 'false';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const roundUp = (n) => Math.max(CONNECTIONS, Math.ceil(n / CONNECTIONS) * CONNECTIONS);
const roundDown = (n) => Math.floor(n / CONNECTIONS) * CONNECTIONS;
/** Server-issued visitor ids (`v1.<uuid>.<mac>`), by their uuid (the voter key a duel token carries). */
const voterIds = [];
const voterIdOf = new Map();
async function issueVoterIds(base) {
  for (let i = 0; i < VOTERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, VOTERS - i) }, async () => {
        const res = await fetch(`${base}/api/duels/visitor`, { method: 'POST' });
        if (res.status !== 200) throw new Error(`POST /api/duels/visitor: ${res.status} ${await res.text()}`);
        return (await res.json()).voterId;
      }),
    );
    voterIds.push(...batch);
  }
  for (const id of voterIds) voterIdOf.set(id.split('.')[1], id);
}

// ————————————————————————————————————————— databases and servers —————————————————————————————————————————

async function startServer(port, env) {
  const child = await start([SERVER], { ...SERVER_ENV, PORT: String(port), ...env });
  await waitFor(`${url(port)}/api/ready`);
  return child;
}

/** PGlite lives inside the server process: start once to migrate, stop, insert the catalogue by SQL. */
async function preparePglite(dataDir) {
  await stop(await startServer(LITE_PORT, { DATA_DIR: dataDir }));
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  await db.exec(CATALOGUE_SQL);
  await db.close();
}

async function pgliteCount(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  const { rows } = await db.query('select count(*)::int as n from votes');
  await db.close();
  return rows[0].n;
}

/**
 * Moves the backends of `connectionString`'s database to core 0, when they are processes of this machine
 * (a pid whose command line is PostgreSQL's); returns how many moved. Run once the servers' pools are open.
 */
async function pinBackends(connectionString) {
  const pids = await onPostgres(connectionString, async (c) =>
    (
      await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    ).rows.map((r) => r.pid),
  );
  let moved = 0;
  for (const pid of pids) {
    let command;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // another machine's, or gone
    }
    if (
      command.startsWith('postgres') &&
      spawnSync('taskset', ['-cp', '0', String(pid)], { stdio: 'ignore' }).status === 0
    )
      moved++;
  }
  return moved;
}

// ———————————————————————————————————————————————— loads ————————————————————————————————————————————————

/** GET next duel with a different visitor id on each request; `onDuel` sees each issued duel. */
function nextDuelLoad(base, opts = {}, onDuel = null) {
  let i = 0;
  return run({ url: base, ...opts, requests: [nextDuelRequest(() => voterIds[i++ % VOTERS], onDuel)] });
}

/** Issues about `n` duel tokens through the API; each carries its visitor id. */
async function issueTokens(base, n) {
  const tokens = [];
  const result = await nextDuelLoad(base, { amount: roundUp(n) }, (duel) => {
    if (!duel) return;
    const voterKey = JSON.parse(Buffer.from(duel.token.split('.')[0], 'base64url').toString())[4];
    tokens.push({ token: duel.token, voter: voterIdOf.get(voterKey.slice(2)) });
  });
  check('issuing duel tokens', result);
  return tokens;
}

/**
 * POSTs votes: against the app each token once (`amount` = tokens); against the raw baseline the same bodies
 * in a loop for `duration`. autocannon ends a fixed-amount run on its next one-second tick, so the run's own
 * rate is measured here, from the first request to the last answer.
 */
async function voteLoad(base, tokens, opts = {}) {
  let i = 0;
  let first = 0;
  let last = 0;
  let answers = 0;
  const result = await run({
    url: base,
    ...(opts.duration ? {} : { amount: tokens.length }),
    ...opts,
    requests: [
      {
        method: 'POST',
        path: '/api/duels/votes',
        setupRequest: (req) => {
          first ||= performance.now();
          const t = tokens[i % tokens.length];
          const outcome = OUTCOMES[i % OUTCOMES.length];
          i++;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', 'x-voter-id': t.voter },
            body: JSON.stringify({ token: t.token, outcome }),
          };
        },
        onResponse: () => {
          answers++;
          last = performance.now();
        },
      },
    ],
  });
  if (!opts.duration) result.measuredRate = answers / ((last - first) / 1000);
  return result;
}

/** Requests per second over the run. */
const rate = (r) => r.measuredRate ?? r.requests.total / r.duration;
const ok = (r) => Number(r.statusCodeStats?.['200']?.count ?? 0);
function check(name, r) {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(
      `${name}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
}
const tail = (r) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;

/** Rounds of: the raw baseline, then each app side; every side is a function returning an autocannon result. */
async function rounds(name, rawRun, sides) {
  const out = sides.map(() => ({ ratios: [], runs: [] }));
  for (let i = 0; i < ROUNDS; i++) {
    const base = await rawRun();
    check(`${name} (raw)`, base);
    for (const [k, side] of sides.entries()) {
      const app = await side();
      check(name, app);
      out[k].ratios.push(rate(app) / rate(base));
      out[k].runs.push(app);
    }
  }
  return out.map((m) => ({ ...m, rate: median(m.runs.map(rate)), last: m.runs.at(-1) }));
}

function report(name, m, goal) {
  console.log(
    `${name.padEnd(36)} ${ratioText(m.ratios, goal)}  app ${Math.round(m.rate)} req/s, ${tail(m.last)}` +
      (goal === null || median(m.ratios) >= goal ? '' : '  BELOW GOAL'),
  );
}

function reportFixed(r, target, budgetMs) {
  const good = r.latency.p99 <= 3 * r.latency.p50 && r.latency.p99 <= budgetMs && r.non2xx === 0 && r.errors === 0;
  console.log(
    `${`  at 50% load (${Math.round(target)} req/s)`.padEnd(36)} ${tail(r)}, ${r.non2xx} non-2xx, ${r.errors} errors` +
      ` (goal p99 ≤ 3 × p50, ≤ ${budgetMs} ms, no errors)${good ? '' : '  OFF GOAL'}`,
  );
}

/** A GET route: warm-up, A/B rounds against the raw server's copy of its JSON, then the fixed rate. */
async function getRoute(name, base, loadOn, goal) {
  await loadOn(RAW, { duration: 2 });
  await loadOn(base, { duration: 2 });
  const [m] = await rounds(name, () => loadOn(RAW, { duration: DURATION }), [
    () => loadOn(base, { duration: DURATION }),
  ]);
  report(name, m, goal);
  const target = 0.5 * m.rate;
  reportFixed(await loadOn(base, { duration: DURATION, overallRate: target }), target, 10);
}

/**
 * Votes on every server in `servers` ({ name, base }), measured in turn in the same rounds. Returns, per
 * server, the measurement and the number of 200 answers.
 */
async function votes(servers) {
  // A calibration run per server (also the warm-up) sizes its measured runs to about BENCH_SECONDS each.
  for (const s of servers) {
    const calibration = await issueTokens(s.base, 1_024);
    await sleep(MIN_DECISION_MS + 100);
    s.warm = await voteLoad(s.base, calibration);
    check(`${s.name} warm-up`, s.warm);
    s.perRound = roundUp(rate(s.warm) * DURATION);
    const issued = Date.now();
    s.tokens = await issueTokens(s.base, s.perRound * ROUNDS + roundUp(rate(s.warm) * DURATION));
    s.issued = calibration.length + s.tokens.length;
    s.issueRate = s.tokens.length / ((Date.now() - issued) / 1000);
    s.used = 0;
    s.take = (n) => s.tokens.slice(s.used, (s.used += n));
    s.rawTokens = calibration;
  }
  await sleep(MIN_DECISION_MS + 100);
  if (PIN_DATABASE)
    console.log(`  ${await pinBackends(pgUrl)} PostgreSQL backends of the bench database moved to core 0`);
  await voteLoad(RAW, servers[0].rawTokens, { duration: 2 });
  const measured = await rounds(
    'votes',
    () => voteLoad(RAW, servers[0].rawTokens, { duration: DURATION }),
    servers.map((s) => () => voteLoad(s.base, s.take(s.perRound))),
  );
  for (const [k, s] of servers.entries()) {
    const m = measured[k];
    report(s.name, m, s.goal);
    const target = 0.5 * m.rate;
    const n = Math.min(roundUp(target * DURATION), roundDown(s.tokens.length - s.used));
    const fixed = await voteLoad(s.base, s.take(n), { overallRate: target });
    reportFixed(fixed, target, 25);
    s.answered = [s.warm, ...m.runs, fixed].reduce((total, r) => total + ok(r), 0);
    console.log(
      `  ${s.issued} duel tokens issued first (${Math.round(s.issueRate)}/s), ${s.answered} votes answered 200`,
    );
    Object.assign(s, { ratios: m.ratios, runs: m.runs, rate: m.rate });
  }
  return servers;
}

// ———————————————————————————————————————————————— the run ————————————————————————————————————————————————

if (!existsSync(SERVER)) {
  console.error(`bench-duels: ${SERVER} is missing; run \`npm run build\` first`);
  process.exit(1);
}
pinLoadGenerator();
const db = benchDatabase();
const pgUrl = db.url;
const dirs = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'manto-bench-duels-'));
  dirs.push(d);
  return d;
};
const children = new Set();
const track = (child) => (children.add(child), child);
const untrack = async (child) => {
  children.delete(child);
  await stop(child);
};
await db.create();
try {
  console.log(
    `bench-duels: ${ROUNDS} rounds × ${DURATION}s per side, ${CONNECTIONS} connections, baseline = raw node:http answering ` +
      `the same JSON; ${canPin ? `servers on core 1, autocannon on core 0 (taskset; ${PIN_DATABASE ? "the bench database's PostgreSQL backends on core 0 for the votes" : 'PostgreSQL not pinned'})` : 'not pinned (no taskset)'}; ` +
      `node ${process.version}; load average ${loadAverage()}`,
  );
  console.log(
    `  catalogue: ${JERSEYS} jerseys (${TEAMS} teams × ${MODELS.length} models × ${SEASONS[1] - SEASONS[0] + 1} seasons), ` +
      `SEED_DEMO=false; VOTE_RATE_PER_MINUTE=${SERVER_ENV.VOTE_RATE_PER_MINUTE} and VOTE_DAILY_CAP=${SERVER_ENV.VOTE_DAILY_CAP} ` +
      `(raised for one load generator), VOTE_MIN_DECISION_MS=${MIN_DECISION_MS} (kept), counters in memory (no REDIS_URL)\n`,
  );

  const pgDir = tempDir();
  const liteDir = tempDir();
  await preparePglite(liteDir);
  let pgServer = track(await startServer(PG_PORT, { DATABASE_URL: pgUrl, DATA_DIR: pgDir }));
  await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL));
  const liteServer = track(await startServer(LITE_PORT, { DATA_DIR: liteDir }));

  // The raw server answers each route with a copy of the app's own JSON.
  const PG = url(PG_PORT);
  await issueVoterIds(PG);
  const sampleDuel = await (await fetch(`${PG}/api/duels/next`, { headers: { 'x-voter-id': voterIds[0] } })).text();
  await sleep(MIN_DECISION_MS + 100);
  const sampleVote = await (
    await fetch(`${PG}/api/duels/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-voter-id': voterIds[0] },
      body: JSON.stringify({ token: JSON.parse(sampleDuel).duel.token, outcome: 'left' }),
    })
  ).text();
  const bodies = { '/api/duels/next': sampleDuel, '/api/duels/votes': sampleVote };
  let raw = track(await startRaw(RAW_PORT, bodies));

  // ——— next duel (PostgreSQL; no database round trip on this route)
  await getRoute('GET /api/duels/next', PG, (base, opts) => nextDuelLoad(base, opts), 0.5);

  // ——— votes, PostgreSQL and PGlite in turn
  console.log('');
  const [pgVotes, liteVotes] = await votes([
    { name: 'POST /api/duels/votes (PostgreSQL)', base: PG, goal: 0.12 },
    // PGlite's goal is relative to PostgreSQL (below).
    { name: 'POST /api/duels/votes (PGlite)', base: url(LITE_PORT), goal: null },
  ]);
  const pgRows = await onPostgres(
    pgUrl,
    async (c) => (await c.query('select count(*)::int as n from votes')).rows[0].n,
  );
  await untrack(liteServer);
  const liteRows = await pgliteCount(liteDir);
  for (const [name, rows, answered] of [
    ['PostgreSQL', pgRows, pgVotes.answered + 1],
    ['PGlite', liteRows, liteVotes.answered],
  ])
    console.log(
      `  ${name}: ${rows} rows in votes, ${answered} answers 200${name === 'PostgreSQL' ? ' (with the sample vote)' : ''}` +
        ` — ${rows === answered ? 'exact' : 'MISMATCH'}`,
    );
  const sideBySide = pgVotes.runs.map((r, i) => rate(liteVotes.runs[i]) / rate(r));
  console.log(
    `${'PGlite votes vs PostgreSQL votes'.padEnd(36)} ${ratioText(sideBySide, 0.5)} (runs side by side)` +
      (median(sideBySide) >= 0.5 ? '' : '  BELOW GOAL'),
  );

  // ——— the ranking page (PostgreSQL) after a fit
  await untrack(pgServer);
  const restarted = Date.now();
  pgServer = track(await startServer(PG_PORT, { DATABASE_URL: pgUrl, DATA_DIR: pgDir, RANKING_INTERVAL_SECONDS: '1' }));
  let ranking;
  // The first fit of this process includes every vote (the earlier one only saw an empty table).
  await waitFor(`${PG}${RANKING_PATH}`, async (res) => {
    ranking = await res.json();
    return ranking.fittedAt !== null && Date.parse(ranking.fittedAt) >= restarted;
  });
  console.log(
    `\nranking fit (RANKING_INTERVAL_SECONDS=1): snapshot of ${ranking.votes} counted votes, ${ranking.total} jerseys, ` +
      `served ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart; a page of ${ranking.items.length} rows ` +
      `is ${Math.round(JSON.stringify(ranking).length / 1024)} KB`,
  );
  await untrack(raw);
  raw = track(await startRaw(RAW_PORT, { ...bodies, '/api/rankings': JSON.stringify(ranking) }));
  await getRoute(`GET ${RANKING_PATH}`, PG, (base, opts) => run({ url: `${base}${RANKING_PATH}`, ...opts }), 0.3);
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  for (const child of children) await stop(child);
  await db.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
