// `node scripts/profile-api.mjs` (build first): CPU profiles of the built API under autocannon load on
// GET /api/health and GET /api/duels/next, one server process per route (`node --cpu-prof`), drawn as
// flame graphs into docs/perf/ (scripts/flamegraph.mjs) with their top self-time frames per request.
// Only the samples of the measured load are drawn: the profile's clock and process.hrtime are both the
// monotonic clock, so the load's start and end pick them out.
// Needs a PostgreSQL server (BENCH_DATABASE_URL): a fresh database with the bench catalogue, dropped after.
//
// PROFILE_SECONDS (default 10) of load per route; PROFILE_PORT (default 3941); PROFILE_OUT (default
// docs/perf) where the SVGs go; PROFILE_SERVER (default apps/api/dist/server.js) another build to profile.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_URL, CATALOGUE_SQL, onPostgres, pinLoadGenerator, run, start, stop, waitFor } from './bench-lib.mjs';
import { fold, renderSvg, topTable } from './flamegraph.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const PORT = Number(process.env.PROFILE_PORT ?? 3941);
const OUT = process.env.PROFILE_OUT ?? 'docs/perf';
const SERVER = process.env.PROFILE_SERVER ?? 'apps/api/dist/server.js';
const VOTERS = 1_000;
const base = `http://127.0.0.1:${PORT}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

pinLoadGenerator();
mkdirSync(OUT, { recursive: true });
const dbName = `manto_profile_${randomBytes(5).toString('hex')}`;
const pgUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dirs = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'manto-profile-'));
  dirs.push(d);
  return d;
};
const ENV = {
  HOST: '127.0.0.1',
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
  RANKING_INTERVAL_SECONDS: '86400',
  DATABASE_URL: pgUrl,
};

/** Starts a profiled server, runs `work`, stops it, returns the profile it wrote and work's result. */
async function profiled(work) {
  const profDir = temp();
  const child = await start(['--cpu-prof', `--cpu-prof-dir=${profDir}`, SERVER], {
    ...ENV,
    DATA_DIR: temp(),
  });
  try {
    await waitFor(`${base}/api/ready`);
    const result = await work();
    await stop(child);
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    return { profile: JSON.parse(readFileSync(path.join(profDir, file), 'utf8')), result };
  } finally {
    await stop(child);
  }
}

const voterIds = [];
await onPostgres(ADMIN_URL, (c) => c.query(`create database ${dbName}`));
try {
  // A first start migrates the database; the catalogue and visitor ids are made once for both runs.
  await profiled(async () => {
    await onPostgres(pgUrl, (c) => c.query(CATALOGUE_SQL));
    for (let i = 0; i < VOTERS; i += 50)
      voterIds.push(
        ...(await Promise.all(
          Array.from(
            { length: 50 },
            async () => (await (await fetch(`${base}/api/duels/visitor`, { method: 'POST' })).json()).voterId,
          ),
        )),
      );
  });
  const routes = [
    { slug: 'health', name: 'GET /api/health', request: { method: 'GET', path: '/api/health' } },
    {
      slug: 'duels-next',
      name: 'GET /api/duels/next',
      request: (() => {
        let i = 0;
        return {
          method: 'GET',
          path: '/api/duels/next',
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-voter-id': voterIds[i++ % VOTERS] } }),
        };
      })(),
    },
  ];
  for (const route of routes) {
    const { profile, result } = await profiled(async () => {
      await run({ url: base, duration: 2, requests: [route.request] });
      const from = process.hrtime.bigint() / 1000n;
      const measured = await run({ url: base, duration: SECONDS, requests: [route.request] });
      const to = process.hrtime.bigint() / 1000n;
      return { requests: measured.requests.total, window: { from: Number(from), to: Number(to) } };
    });
    // Only the measured load's samples (not the start-up, the warm-up or the shutdown), per request answered.
    const { requests, window } = result;
    const root = fold(profile, window);
    const title = `${route.name}: ${SECONDS} s of autocannon -c 32 after a 2 s warm-up, ${requests} requests, node ${process.version}, load average ${load()}`;
    writeFileSync(path.join(OUT, `${route.slug}.svg`), renderSvg(root, title));
    // The raw profile (several MB) stays out of the repository; Chrome DevTools and speedscope open it.
    const kept = path.join(tmpdir(), `manto-${route.slug}.cpuprofile`);
    writeFileSync(kept, JSON.stringify(profile));
    console.log(`\n${title}\n${(root.total / requests).toFixed(1)} µs of sampled CPU per request; profile: ${kept}\n`);
    console.log(topTable(root, requests, 20));
  }
} finally {
  await onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${dbName} with (force)`));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
