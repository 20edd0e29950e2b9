// `npm run bench:cluster`: the scale-out curve. compose.yaml's deployment on this machine (scripts/cluster-lib.mjs:
// a fresh PostgreSQL database with 200 jerseys, Redis on a database number of its own, db:migrate, the built
// servers, Debian's HAProxy with deploy/haproxy.cfg), measured through the balancer with 1, 2 and 3 replicas
// running (the others stopped and marked down by the health checks):
//
//   - GET /api/duels/next for BENCH_SECONDS (default 10), 32 connections, 1 000 server-issued visitor ids in turn;
//   - POST /api/duels/votes: duel tokens issued first through the balancer, VOTE_MIN_DECISION_MS (700) waited
//     out, then each token posted once (about BENCH_SECONDS of votes, sized from a warm-up run); afterwards the
//     rows in `votes` must equal the 200 answers exactly.
//
// For each run, the CPU time per request of every part, from /proc: the API processes, HAProxy, the
// PostgreSQL backends of the bench database, the Redis server and this load generator; and, for the votes,
// PostgreSQL transactions and rows written per vote (pg_stat_database) and Redis commands per vote (INFO
// commandstats). From those it estimates what one PostgreSQL core and one Redis carry before they are the
// limit. Prints figures, never pass/fail (docs/performance.md). Vote rate limits and the daily cap are
// raised for the run. CLUSTER_PORT (default 4470) sets the first of five ports.
import {
  ADMIN_URL,
  CATALOGUE_SQL,
  cpuSeconds,
  loadAverage,
  median,
  nextDuelRequest,
  onPostgres,
  run,
} from './bench-lib.mjs';
import {
  createDatabase,
  migrate,
  prepare,
  redisDatabase,
  replicaPorts,
  runMain,
  sharedDataDir,
  signalReplica,
  sleep,
  startBalancer,
  startReplica,
  table,
  waitForServers,
} from './cluster-lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.CLUSTER_PORT ?? 4470);
const VOTERS = 1_000;
const MIN_DECISION_MS = 700;
const CONNECTIONS = 32;
const OUTCOMES = ['left', 'right', 'left', 'right', 'left', 'right', 'tie', 'both_bad', 'skip'];

const roundUp = (n) => Math.max(CONNECTIONS, Math.ceil(n / CONNECTIONS) * CONNECTIONS);

/** CPU seconds used so far by each part of the deployment (the PostgreSQL backends of `dbName` only). */
async function cpu(parts, dbName, redis) {
  const backends = await onPostgres(ADMIN_URL, async (c) =>
    (await c.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid),
  );
  const info = await redis.info('cpu');
  const field = (name) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  const own = process.cpuUsage();
  return {
    api: parts.replicas.reduce((sum, r) => sum + (cpuSeconds(r.pid) ?? 0), 0),
    haproxy: cpuSeconds(parts.balancer.pid) ?? 0,
    backends: Object.fromEntries(backends.map((pid) => [pid, cpuSeconds(pid) ?? 0])),
    redis: field('used_cpu_sys') + field('used_cpu_user'),
    generator: (own.user + own.system) / 1e6,
  };
}

/** CPU seconds per request of each part between two `cpu()` readings. */
function perRequest(before, after, requests) {
  // Backends alive at both readings (the pools keep theirs open); a backend started between them counts from 0.
  let pg = 0;
  for (const [pid, t] of Object.entries(after.backends)) pg += t - (before.backends[pid] ?? 0);
  const ms = (s) => (1000 * s) / requests;
  return {
    api: ms(after.api - before.api),
    haproxy: ms(after.haproxy - before.haproxy),
    postgres: ms(pg),
    redis: ms(after.redis - before.redis),
    generator: ms(after.generator - before.generator),
  };
}

async function databaseCounters(db) {
  const [row] = await db.query(
    `select xact_commit + xact_rollback as xacts, tup_inserted + tup_updated + tup_deleted as written
       from pg_stat_database where datname = current_database()`,
  );
  return { xacts: Number(row.xacts), written: Number(row.written) };
}

async function redisCalls(redis) {
  const info = await redis.info('commandstats');
  return [...info.matchAll(/calls=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}

async function main() {
  const haproxy = await prepare(PORT);
  if (!haproxy) return 2;
  console.log(
    `bench:cluster — HAProxy ${haproxy}, Node ${process.version}, ${DURATION} s runs, load average ${loadAverage()}`,
  );
  const db = await createDatabase('manto_bench_cluster');
  const redisDb = await redisDatabase();
  const dataDir = sharedDataDir();
  migrate(db.url);
  await db.query(CATALOGUE_SQL);
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    REDIS_URL: redisDb.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'b'.repeat(64),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    VOTE_MIN_DECISION_MS: String(MIN_DECISION_MS),
    VOTE_RATE_PER_MINUTE: '1000000',
    VOTE_DAILY_CAP: '1000000',
    // No fit while duels and votes are measured (the first one, at start, sees no votes).
    RANKING_INTERVAL_SECONDS: '86400',
    SEGMENTS_ENABLED: 'false',
  };
  const ports = replicaPorts(PORT);
  const names = ports.map((_, i) => `manto-${i + 1}`);
  const running = new Map();
  const balancer = await startBalancer(PORT);
  const base = balancer.base;

  // Visitor ids issued by the servers (one secret for all), used in turn.
  const voterIds = [];
  const voterIdOf = new Map();

  const results = [];
  for (const n of [1, 2, 3]) {
    for (const [i, name] of names.entries()) {
      if (i < n && !running.has(name)) running.set(name, await startReplica(name, ports[i], env));
      if (i >= n && running.has(name)) {
        await signalReplica(running.get(name), 'SIGTERM');
        running.delete(name);
      }
    }
    await waitForServers(balancer, Object.fromEntries(names.map((name, i) => [name, i < n ? 'UP' : 'DOWN'])));
    const parts = { replicas: [...running.values()], balancer };
    if (voterIds.length === 0) {
      for (let i = 0; i < VOTERS; i += 50) {
        const batch = await Promise.all(
          Array.from(
            { length: 50 },
            async () => (await (await fetch(`${base}/api/duels/visitor`, { method: 'POST' })).json()).voterId,
          ),
        );
        voterIds.push(...batch);
      }
      for (const id of voterIds) voterIdOf.set(id.split('.')[1], id);
    }
    console.log(`${n} replica(s): ${[...running.keys()].join(', ')} (load average ${loadAverage()})`);

    // ——— GET /api/duels/next ———
    let v = 0;
    const nextLoad = (opts, onDuel = null) =>
      run({
        url: base,
        connections: CONNECTIONS,
        ...opts,
        requests: [nextDuelRequest(() => voterIds[v++ % VOTERS], onDuel)],
      });
    // Warm-up: a replica just started compiles its hot paths and loads each visitor's answered pairs once.
    await nextLoad({ duration: 5 });
    let before = await cpu(parts, db.name, redisDb.redis);
    const next = await nextLoad({ duration: DURATION });
    let after = await cpu(parts, db.name, redisDb.redis);
    const nextCost = perRequest(before, after, next.requests.total);
    const nextRate = next.requests.total / next.duration;

    // ——— POST /api/duels/votes ———
    const issue = async (count) => {
      const tokens = [];
      const r = await nextLoad({ amount: roundUp(count) }, (duel) => {
        if (!duel) return;
        const voterKey = JSON.parse(Buffer.from(duel.token.split('.')[0], 'base64url').toString())[4];
        tokens.push({ token: duel.token, voter: voterIdOf.get(voterKey.slice(2)) });
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`issuing duel tokens: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return tokens;
    };
    const post = async (tokens) => {
      let i = 0;
      let first = 0;
      let last = 0;
      let ok = 0;
      const r = await run({
        url: base,
        connections: CONNECTIONS,
        amount: tokens.length,
        requests: [
          {
            method: 'POST',
            path: '/api/duels/votes',
            setupRequest: (req) => {
              first ||= performance.now();
              const t = tokens[i % tokens.length];
              const outcome = OUTCOMES[i++ % OUTCOMES.length];
              return {
                ...req,
                headers: { ...req.headers, 'content-type': 'application/json', 'x-voter-id': t.voter },
                body: JSON.stringify({ token: t.token, outcome }),
              };
            },
            onResponse: (status) => {
              if (status === 200) ok++;
              last = performance.now();
            },
          },
        ],
      });
      return { r, ok, rate: tokens.length / ((last - first) / 1000) };
    };
    const [{ n: rowsBefore }] = await db.query('select count(*)::int as n from votes');
    const warmTokens = await issue(1_024);
    await sleep(MIN_DECISION_MS + 100);
    const warm = await post(warmTokens);
    const tokens = await issue(roundUp(warm.rate * DURATION));
    await sleep(MIN_DECISION_MS + 100);
    const dbBefore = await databaseCounters(db);
    const callsBefore = await redisCalls(redisDb.redis);
    before = await cpu(parts, db.name, redisDb.redis);
    const votes = await post(tokens);
    after = await cpu(parts, db.name, redisDb.redis);
    const dbAfter = await databaseCounters(db);
    const callsAfter = await redisCalls(redisDb.redis);
    const [{ n: rowsAfter }] = await db.query('select count(*)::int as n from votes');
    const answered = warm.ok + votes.ok;
    const voteCost = perRequest(before, after, tokens.length);
    const result = {
      n,
      nextRate,
      next,
      nextCost,
      voteRate: votes.rate,
      votes: votes.r,
      voteCost,
      xactsPerVote: (dbAfter.xacts - dbBefore.xacts) / tokens.length,
      rowsPerVote: (dbAfter.written - dbBefore.written) / tokens.length,
      redisPerVote: (callsAfter - callsBefore) / tokens.length,
      exact: rowsAfter - rowsBefore === answered,
      answered,
      errors: next.non2xx + next.errors + votes.r.non2xx + votes.r.errors,
    };
    results.push(result);
    console.log(
      `  next ${Math.round(nextRate)} req/s (p50 ${next.latency.p50} ms, p99 ${next.latency.p99} ms); ` +
        `votes ${Math.round(votes.rate)}/s (p50 ${votes.r.latency.p50} ms, p99 ${votes.r.latency.p99} ms); ` +
        `rows = answers: ${result.exact ? 'exact' : `MISMATCH (${rowsAfter - rowsBefore} rows, ${answered} answers)`}`,
    );
  }

  const f = (x, d = 2) => x.toFixed(d);
  console.log(
    `\n${table([
      ['replicas', 'next req/s', 'next p50/p99 ms', 'votes/s', 'vote p50/p99 ms', 'rows = answers', 'errors'],
      ...results.map((r) => [
        r.n,
        Math.round(r.nextRate),
        `${r.next.latency.p50}/${r.next.latency.p99}`,
        Math.round(r.voteRate),
        `${r.votes.latency.p50}/${r.votes.latency.p99}`,
        r.exact ? 'exact' : 'MISMATCH',
        r.errors,
      ]),
    ])}`,
  );
  console.log(
    `\nCPU ms per request (API = all replicas together; PostgreSQL = the bench database's backends):\n${table([
      ['replicas', 'route', 'API', 'HAProxy', 'PostgreSQL', 'Redis', 'load generator'],
      ...results.flatMap((r) => [
        [
          r.n,
          'next',
          f(r.nextCost.api),
          f(r.nextCost.haproxy),
          f(r.nextCost.postgres, 3),
          f(r.nextCost.redis, 3),
          f(r.nextCost.generator),
        ],
        [
          r.n,
          'vote',
          f(r.voteCost.api),
          f(r.voteCost.haproxy),
          f(r.voteCost.postgres, 3),
          f(r.voteCost.redis, 3),
          f(r.voteCost.generator),
        ],
      ]),
    ])}`,
  );
  const per = (key) => median(results.map((r) => r.voteCost[key]));
  const pgMs = per('postgres');
  const redisMs = per('redis');
  const apiMs = per('api');
  console.log(
    `\nPer vote (medians over the three runs): API ${f(apiMs)} ms CPU, PostgreSQL ${f(pgMs, 3)} ms CPU in its backends, ` +
      `${f(median(results.map((r) => r.xactsPerVote)), 3)} transactions and ${f(median(results.map((r) => r.rowsPerVote)), 1)} rows written; ` +
      `Redis ${f(redisMs, 3)} ms CPU, ${f(median(results.map((r) => r.redisPerVote)), 2)} commands.`,
  );
  console.log(
    `Before each is the limit, at this cost: one API core ≈ ${Math.round(1000 / apiMs)} votes/s; ` +
      `one PostgreSQL core ≈ ${Math.round(1000 / pgMs)} votes/s of backend CPU (WAL writes and fsync not counted); ` +
      `one Redis (one thread) ≈ ${Math.round(1000 / redisMs)} votes/s. Load average ${loadAverage()}.`,
  );
  return results.every((r) => r.exact) ? 0 : 1;
}

await runMain(main);
