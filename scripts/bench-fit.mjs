// `node scripts/bench-fit.mjs`: the Bradley-Terry row of shared/guide/performance.md. Generates 2 000
// jerseys with known strengths and 1 000 000 seeded votes, then times one full fit and 100 warm-started
// bootstrap rounds on one core, and checks the fit against a much tighter-tolerance fit of the same data
// (the dense reference Newton is O(n³) and too slow at this size; the tests compare it at n = 40).
// The engine is TypeScript, so the script re-runs itself under tsx, pinned to core 1 when taskset exists.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

if (!process.env.BENCH_FIT_CHILD) {
  const pinned = spawnSync('taskset', ['-c', '1', 'true']).status === 0;
  const args = ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url)];
  const [cmd, argv] = pinned ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];
  const child = spawnSync(cmd, argv, {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIT_CHILD: pinned ? 'pinned to core 1 (taskset -c 1)' : 'not pinned (taskset not found)' },
  });
  process.exit(child.status ?? 1);
}

const { Rng, aggregate, bootstrap, fit, toEloScale } = await import('../apps/api/src/modules/rankings/bradley-terry.ts');

const seconds = (t0) => (performance.now() - t0) / 1000;
const fmt = (s) => s.toFixed(s < 10 ? 2 : 1);
const load = () => loadavg().map((x) => x.toFixed(2)).join(', ');

/** Standard normal draw (Box-Muller). */
const gaussian = (rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/**
 * Votes shaped like the product's pair selection (ranking.md §5): 70% of opponents close in strength,
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

console.log(`BT bench: ${process.env.BENCH_FIT_CHILD}; node ${process.version}; load average ${load()}`);
const rng = new Rng(20240601);
const truth = Float64Array.from({ length: ITEMS }, () => gaussian(rng));
let t0 = performance.now();
const data = aggregate(ITEMS, simulate(truth, VOTES, rng));
console.log(`  generated + aggregated ${VOTES} votes into ${data.a.length} unique pairs in ${fmt(seconds(t0))} s`);

t0 = performance.now();
const full = fit(data);
const fullSeconds = seconds(t0);
const repeats = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  fit(data);
  repeats.push(seconds(t));
}
repeats.sort((x, y) => x - y);
console.log(`  full fit: ${fmt(fullSeconds)} s cold, ${fmt(repeats[1])} s median of 3 warm-JIT repeats; ${full.iterations} Newton iterations, converged ${full.converged}`);

const tight = fit(data, { tol: 1e-12, maxIter: 200 });
let maxDiff = 0;
for (let i = 0; i < ITEMS; i++) maxDiff = Math.max(maxDiff, Math.abs(full.theta[i] - tight.theta[i]));
const warm = fit(data, { init: full.theta });
console.log(`  tight-tolerance fit (tol 1e-12): ${tight.iterations} iterations, converged ${tight.converged}; warm start from the full fit: ${warm.iterations} iterations`);

const elo = toEloScale(full.theta);
const truthElo = toEloScale(truth);
let sq = 0;
for (let i = 0; i < ITEMS; i++) sq += (elo[i] - truthElo[i]) ** 2;

t0 = performance.now();
const boot = bootstrap(data, full.theta, { rounds: ROUNDS, seed: 7 });
const bootSeconds = seconds(t0);
let covered = 0;
let width = 0;
for (let i = 0; i < ITEMS; i++) {
  if (boot.lower[i] <= truthElo[i] && truthElo[i] <= boot.upper[i]) covered++;
  width += boot.upper[i] - boot.lower[i];
}
console.log(
  `  bootstrap: ${(boot.iterations / ROUNDS).toFixed(1)} Newton iterations per round, ${boot.unconverged} unconverged; ` +
    `mean 95% width ${(width / ITEMS).toFixed(1)} Elo; truth inside ${((100 * covered) / ITEMS).toFixed(1)}% of intervals; ` +
    `RMS error vs truth ${Math.sqrt(sq / ITEMS).toFixed(1)} Elo`,
);
console.log(
  `BT fit ${ITEMS} jerseys / ${VOTES / 1e6}M votes: full fit ${fmt(fullSeconds)} s (goal ≤ 1.5 s), ` +
    `${ROUNDS} bootstrap rounds ${fmt(bootSeconds)} s (goal ≤ 20 s), max |θ − reference| ${maxDiff.toExponential(1)} logit (goal ≤ 1e-4); ` +
    `load average ${load()}`,
);
