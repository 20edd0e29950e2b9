// `node scripts/bench-fit.mjs`: the Bradley-Terry row of docs/performance.md. Generates 2 000
// jerseys with known strengths and 1 000 000 seeded votes, then times one full fit and 100 warm-started
// bootstrap rounds on one core, and checks the fit against a reference: the same data fitted from a random
// start with a 10⁴× tighter tolerance (the dense reference Newton is O(n³), too slow at this size; the
// tests compare against it at n = 40). Wall and CPU seconds are both printed: on a shared machine the
// wall clock includes time spent waiting for the core.
// The engine is TypeScript, so the script re-runs itself under tsx, pinned to core 1 when taskset exists.
// `RANKING_FIT_WORKERS=2 node scripts/bench-fit.mjs` also times the API's fit executor with that many worker
// threads (bundled like `npm run build` does) on the same data — the full fit and the rounds split between
// them — and checks its intervals equal the one-core bootstrap's; the run is then not pinned.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WORKERS = process.env.RANKING_FIT_WORKERS ? Number(process.env.RANKING_FIT_WORKERS) : 0;

if (!process.env.BENCH_FIT_CHILD) {
  const pinned = !WORKERS && spawnSync('taskset', ['-c', '1', 'true']).status === 0;
  const args = ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url)];
  const [cmd, argv] = pinned ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];
  const child = spawnSync(cmd, argv, {
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_FIT_CHILD: pinned
        ? 'pinned to core 1 (taskset -c 1)'
        : WORKERS
          ? `not pinned (pool of ${WORKERS} fit workers)`
          : 'not pinned (taskset not found)',
    },
  });
  process.exit(child.status ?? 1);
}

const { aggregate, bootstrap, fit, rankUpperBound, toEloScale } =
  await import('../apps/api/src/modules/rankings/bradley-terry/index.ts');
const { Rng } = await import('../apps/api/src/lib/rng.ts');

const seconds = (t0) => (performance.now() - t0) / 1000;

/** Spearman rank correlation (no ties in continuous values). */
function spearman(x, y) {
  const rank = (v) => {
    const r = new Float64Array(v.length);
    Array.from(v, (_, i) => i)
      .sort((i, j) => v[i] - v[j])
      .forEach((item, k) => (r[item] = k));
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  const mean = (x.length - 1) / 2;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (rx[i] - mean) * (ry[i] - mean);
    sxx += (rx[i] - mean) ** 2;
  }
  return sxy / sxx;
}
const fmt = (s) => s.toFixed(s < 10 ? 2 : 1);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/** Standard normal draw (Box-Muller). */
const gaussian = (rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/**
 * Votes shaped like the product's pair selection (docs/ranking.md §5): 70% of opponents close in strength,
 * 30% uniform; 10% of answers are a tie or "both bad".
 */
function* simulate(truth, votes, rng) {
  const n = truth.length;
  const byStrength = Int32Array.from({ length: n }, (_, i) => i).sort((x, y) => truth[x] - truth[y]);
  const sorted = Float64Array.from(byStrength, (i) => truth[i]);
  for (let v = 0; v < votes; v++) {
    const first = Math.floor(rng.next() * n);
    let second;
    if (rng.next() < 0.7) {
      const target = truth[first] + 0.5 * gaussian(rng);
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      second = byStrength[lo];
      if (second === first) second = byStrength[lo > 0 ? lo - 1 : lo + 1];
    } else {
      second = Math.floor(rng.next() * (n - 1));
      if (second >= first) second++;
    }
    const [left, right] = rng.next() < 0.5 ? [first, second] : [second, first];
    const u = rng.next();
    const pLeft = 1 / (1 + Math.exp(truth[right] - truth[left]));
    yield { left, right, outcome: u < 0.1 ? (u < 0.07 ? 'tie' : 'both_bad') : rng.next() < pLeft ? 'left' : 'right' };
  }
}

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
/** Runs fn and returns [result, wall seconds, CPU seconds]. */
function timed(fn) {
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const result = fn();
  return [result, seconds(t0), cpuSeconds() - c0];
}

/**
 * Seconds for a fixed dependent integer loop: the machine's speed at that moment. On a shared VM the core
 * we get can be several times slower than its nominal clock, which this makes visible next to the figures.
 */
function speedCheck() {
  const t0 = performance.now();
  let x = 1;
  for (let i = 0; i < 2e8; i++) x = (x * 1103515245 + 12345) | 0;
  return [seconds(t0), x];
}

console.log(
  `BT bench: ${process.env.BENCH_FIT_CHILD}; node ${process.version}; load average ${load()}; speed check ${fmt(speedCheck()[0])} s`,
);
const rng = new Rng(20240601);
const truth = Float64Array.from({ length: ITEMS }, () => gaussian(rng));
const [data, aggSeconds] = timed(() => aggregate(ITEMS, simulate(truth, VOTES, rng)));
console.log(`  generated + aggregated ${VOTES} votes into ${data.a.length} unique pairs in ${fmt(aggSeconds)} s`);

const [full, fullSeconds, fullCpu] = timed(() => fit(data));
const repeats = [0, 1, 2].map(() => timed(() => fit(data))[1]).sort((x, y) => x - y);
console.log(
  `  full fit: ${fmt(fullSeconds)} s wall / ${fmt(fullCpu)} s CPU cold (first call, JIT warming up); ` +
    `${fmt(repeats[1])} s median of 3 repeats; ${full.iterations} Newton iterations, converged ${full.converged}`,
);

// Reference: the same optimum reached by a different path (a random start) with a 10⁴× tighter tolerance.
const start = Float64Array.from({ length: ITEMS }, () => gaussian(rng));
const reference = fit(data, { init: start, tol: 1e-12, maxIter: 200 });
let maxDiff = 0;
for (let i = 0; i < ITEMS; i++) maxDiff = Math.max(maxDiff, Math.abs(full.theta[i] - reference.theta[i]));
const nudged = Float64Array.from(full.theta, (t) => t + 0.05 * gaussian(rng));
const warm = fit(data, { init: nudged });
console.log(
  `  reference (random start, tol 1e-12): ${reference.iterations} iterations, converged ${reference.converged}; ` +
    `warm start 0.05 logit away from the optimum: ${warm.iterations} iterations (cold: ${full.iterations})`,
);

const [boot, bootSeconds, bootCpu] = timed(() => bootstrap(data, full.theta, { rounds: ROUNDS, seed: 7 }));
let width = 0;
for (let i = 0; i < ITEMS; i++) width += boot.upper[i] - boot.lower[i];
const elo = toEloScale(full.theta);
const ubRank = rankUpperBound(elo, boot.lower, boot.upper);
console.log(
  `  bootstrap: ${fmt(bootSeconds)} s wall / ${fmt(bootCpu)} s CPU; ${(boot.iterations / ROUNDS).toFixed(2)} Newton iterations per round ` +
    `(warm start), ${boot.unconverged} unconverged; mean 95% width ${(width / ITEMS).toFixed(1)} Elo; best Rank (UB) shared by ` +
    `${ubRank.filter((r) => r === 1).length} jerseys; Spearman(fit, truth) ${spearman(full.theta, truth).toFixed(4)}`,
);
let pool = '';
if (WORKERS) {
  const { build } = await import('esbuild');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const { createFitExecutor } = await import('../apps/api/src/modules/rankings/fit-executor.ts');
  const dir = mkdtempSync(join(tmpdir(), 'manto-bench-fit-'));
  await build({
    entryPoints: {
      'fit-worker': fileURLToPath(new URL('../apps/api/src/modules/rankings/fit-worker.ts', import.meta.url)),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const executor = createFitExecutor(pathToFileURL(join(dir, 'fit-worker.js')), WORKERS);
  // A copy each run: the executor takes the arrays over. The first run starts the workers and warms their JIT.
  const copy = () => ({
    ...data,
    a: data.a.slice(),
    b: data.b.slice(),
    winsA: data.winsA.slice(),
    winsB: data.winsB.slice(),
    ties: data.ties?.slice(),
  });
  const runs = [];
  let same = true;
  for (let r = 0; r < 3; r++) {
    const input = copy();
    const c0 = cpuSeconds();
    const t0 = performance.now();
    const result = await executor.run(input, ROUNDS, 7);
    runs.push([seconds(t0), cpuSeconds() - c0]);
    for (let i = 0; i < ITEMS; i++)
      same &&= result.lower[i] === boot.lower[i] && result.upper[i] === boot.upper[i] && result.score[i] === elo[i];
  }
  await executor.close();
  rmSync(dir, { recursive: true, force: true });
  const [wall, cpu] = runs.sort((x, y) => x[0] - y[0])[1];
  pool =
    `; fit executor with ${WORKERS} workers (full fit + ${ROUNDS} rounds): ${fmt(wall)} s wall / ${fmt(cpu)} s CPU, median of 3 ` +
    `(${runs.map(([w]) => fmt(w)).join(', ')} s), intervals ${same ? 'identical to' : 'DIFFERENT from'} the one-core bootstrap`;
  if (!same) process.exitCode = 1;
}

console.log(
  `BT fit ${ITEMS} jerseys / ${VOTES / 1e6}M votes: full fit ${fmt(fullSeconds)} s (goal ≤ 1.5 s), ` +
    `${ROUNDS} bootstrap rounds ${fmt(bootSeconds)} s (goal ≤ 20 s), max |θ − reference| ${maxDiff.toExponential(1)} logit (goal ≤ 1e-4)${pool}; ` +
    `load average ${load()}; speed check ${fmt(speedCheck()[0])} s`,
);
