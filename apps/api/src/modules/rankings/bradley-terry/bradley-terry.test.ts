import { describe, expect, it } from 'vitest';
import {
  type PairData,
  type Vote,
  aggregate,
  bootstrap,
  bootstrapBasis,
  bootstrapIntervals,
  bootstrapRounds,
  fit,
  itemTotals,
  rankUpperBound,
  toEloScale,
  SharedArena,
  Workspace,
  basisBytes,
} from './index.ts';
import { Rng } from '#lib/rng.ts';
import { objective, referenceFit } from './reference-solver.ts';
import { type Replicate, Resampler, resampleTables } from './resample.ts';
import { spearman } from '#test/stats.ts';

const ELO_PER_LOGIT = 400 / Math.LN10;

/** Standard normal draw (Box-Muller). */
function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

/** Votes on uniformly random pairs, in random left/right order, decided by the Bradley-Terry model. */
function simulate(truth: ArrayLike<number>, count: number, rng: Rng, tieRate = 0): Vote[] {
  const n = truth.length;
  const votes: Vote[] = [];
  for (let v = 0; v < count; v++) {
    const left = Math.floor(rng.next() * n);
    let right = Math.floor(rng.next() * (n - 1));
    if (right >= left) right++;
    const pLeft = 1 / (1 + Math.exp(truth[right]! - truth[left]!));
    const outcome =
      rng.next() < tieRate ? (rng.next() < 0.5 ? 'tie' : 'both_bad') : rng.next() < pLeft ? 'left' : 'right';
    votes.push({ left, right, outcome });
  }
  return votes;
}

/** Votes among n items of random strength, aggregated (the bootstrap tests' data). */
function randomData(rng: Rng, n: number, votes: number, tieRate: number): PairData {
  return aggregate(
    n,
    simulate(
      Array.from({ length: n }, () => gaussian(rng)),
      votes,
      rng,
      tieRate,
    ),
  );
}

function maxAbsDiff(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < x.length; i++) d = Math.max(d, Math.abs(x[i]! - y[i]!));
  return d;
}

/** 40 items, 3 000 votes with 10% ties; item 0 only wins, item 1 only loses, item 39 never plays. */
function edgeCaseData(seed: number): PairData {
  const rng = new Rng(seed);
  const truth = Array.from({ length: 40 }, () => 1.2 * gaussian(rng));
  const votes = simulate(truth, 3000, rng, 0.1)
    .filter((v) => v.left !== 39 && v.right !== 39)
    .map((v): Vote => {
      if (v.left === 0 || v.right === 0) return { ...v, outcome: v.left === 0 ? 'left' : 'right' };
      if (v.left === 1 || v.right === 1) return { ...v, outcome: v.left === 1 ? 'right' : 'left' };
      return v;
    });
  return aggregate(40, votes);
}

describe('aggregate', () => {
  it('collapses both orders of a pair and counts ties and both-bad as half a win each', () => {
    const data = aggregate(3, [
      { left: 0, right: 1, outcome: 'left' },
      { left: 1, right: 0, outcome: 'right' },
      { left: 1, right: 0, outcome: 'left' },
      { left: 0, right: 1, outcome: 'tie' },
      { left: 2, right: 0, outcome: 'both_bad' },
    ]);
    expect(Array.from(data.a)).toEqual([0, 0]);
    expect(Array.from(data.b)).toEqual([1, 2]);
    expect(Array.from(data.winsA)).toEqual([2.5, 0.5]);
    expect(Array.from(data.winsB)).toEqual([1.5, 0.5]);
    expect(Array.from(data.ties ?? [])).toEqual([1, 1]);
    const totals = itemTotals(data);
    expect(Array.from(totals.wins)).toEqual([2, 1, 0]);
    expect(Array.from(totals.losses)).toEqual([1, 2, 0]);
    expect(Array.from(totals.ties)).toEqual([2, 1, 1]);
  });

  it('keeps Σ over items of wins + losses + ties = 2 × votes', () => {
    const rng = new Rng(11);
    const votes = simulate(
      Array.from({ length: 25 }, () => gaussian(rng)),
      5000,
      rng,
      0.2,
    );
    const totals = itemTotals(aggregate(25, votes));
    let sum = 0;
    for (let i = 0; i < 25; i++) {
      sum += totals.wins[i]! + totals.losses[i]! + totals.ties[i]!;
      expect(totals.wins[i]! + totals.losses[i]! + totals.ties[i]!).toBe(totals.votes[i]);
    }
    expect(sum).toBe(2 * votes.length);
  });

  it('rejects self-pairs, unknown items and skips', () => {
    expect(() => aggregate(3, [{ left: 1, right: 1, outcome: 'left' }])).toThrow(RangeError);
    expect(() => aggregate(3, [{ left: 0, right: 3, outcome: 'left' }])).toThrow(RangeError);
    expect(() => aggregate(3, [{ left: 0, right: 1, outcome: 'skip' as Vote['outcome'] }])).toThrow(RangeError);
  });
});

describe('fit', () => {
  it('matches a dense Newton reference within 1e-4 logit, including all-win, all-loss and unplayed items', () => {
    for (const [seed, l2] of [
      [1, 0.5],
      [2, 0.5],
      [3, 0.05],
    ] as const) {
      const data = edgeCaseData(seed);
      const result = fit(data, { l2 });
      const reference = referenceFit(data, l2);
      expect(result.converged).toBe(true);
      expect(maxAbsDiff(result.theta, reference)).toBeLessThan(1e-4);
      expect(objective(data, result.theta, l2)).toBeCloseTo(objective(data, reference, l2), 8);
      // The penalty keeps the all-win / all-loss items finite, at the extremes; the unplayed item sits at 0.
      expect(Math.max(...result.theta)).toBe(result.theta[0]);
      expect(Math.min(...result.theta)).toBe(result.theta[1]);
      expect(Number.isFinite(result.theta[0]!) && Number.isFinite(result.theta[1]!)).toBe(true);
      expect(Math.abs(result.theta[39]!)).toBeLessThan(1e-6);
    }
  });

  it('converges in fewer iterations from a warm start', () => {
    const data = edgeCaseData(4);
    const cold = fit(data);
    const rng = new Rng(5);
    const nearby = Float64Array.from(cold.theta, (t) => t + 0.05 * gaussian(rng));
    const warm = fit(data, { init: nearby });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBeLessThan(cold.iterations);
    expect(maxAbsDiff(warm.theta, cold.theta)).toBeLessThan(1e-6);
    expect(fit(data, { init: cold.theta }).iterations).toBe(0);
  });

  it('recovers the true order of 60 items from 20 000 votes', () => {
    const rng = new Rng(6);
    const truth = Array.from({ length: 60 }, (_, i) => -2 + (4 * i) / 59);
    truth[59] = 2.8; // a clear favourite
    const { theta } = fit(aggregate(60, simulate(truth, 20_000, rng, 0.1)));
    expect(spearman(theta, truth)).toBeGreaterThan(0.95);
    expect(theta.indexOf(Math.max(...theta))).toBe(59);
  });
});

describe('toEloScale', () => {
  it('centres at 1000 with 400/ln 10 points per logit', () => {
    const elo = toEloScale(Float64Array.from([1, 2, 3]));
    expect(elo[1]).toBeCloseTo(1000, 10);
    expect(elo[2]! - elo[0]!).toBeCloseTo(2 * ELO_PER_LOGIT, 10);
  });
});

describe('bootstrap', () => {
  it('gives 95% intervals that cover the true strength about 95% of the time', () => {
    const n = 20;
    const truth = Float64Array.from({ length: n }, (_, i) => -1.5 + (3 * i) / (n - 1));
    const truthElo = toEloScale(truth);
    const rng = new Rng(7);
    let covered = 0;
    let total = 0;
    for (let rep = 0; rep < 30; rep++) {
      const data = aggregate(n, simulate(truth, 2000, rng));
      const full = fit(data);
      const { lower, upper, unconverged } = bootstrap(data, full.theta, { rounds: 100, seed: rep });
      expect(unconverged).toBe(0);
      for (let i = 0; i < n; i++) {
        total++;
        if (lower[i]! <= truthElo[i]! && truthElo[i]! <= upper[i]!) covered++;
      }
    }
    // 600 intervals, but the 20 of a repetition share one data set and one centring, so the effective
    // sample is smaller than 600; percentiles from 100 rounds are themselves noisy (slight under-
    // coverage) and the L2 penalty shrinks estimates a little. 0.85–0.99 catches real faults — a wrong
    // resampling scale gives ~0.7 (too narrow) or ~1.0 (too wide) — without flaking.
    expect(covered / total).toBeGreaterThan(0.85);
    expect(covered / total).toBeLessThan(0.99);
  });

  it('is reproducible for a seed and differs across seeds', () => {
    const rng = new Rng(8);
    const data = randomData(rng, 15, 1500, 0.1);
    const { theta } = fit(data);
    const first = bootstrap(data, theta, { rounds: 50, seed: 42 });
    const again = bootstrap(data, theta, { rounds: 50, seed: 42 });
    const other = bootstrap(data, theta, { rounds: 50, seed: 43 });
    expect(Array.from(again.lower)).toEqual(Array.from(first.lower));
    expect(Array.from(again.upper)).toEqual(Array.from(first.upper));
    expect(Array.from(other.lower)).not.toEqual(Array.from(first.lower));
    // Warm starts from the full fit need few Newton iterations per round.
    expect(first.iterations / 50).toBeLessThanOrEqual(3);
    const elo = toEloScale(theta);
    for (let i = 0; i < 15; i++) {
      expect(first.lower[i]).toBeLessThanOrEqual(first.upper[i]!);
      expect(first.lower[i]! - 5).toBeLessThan(elo[i]!);
      expect(first.upper[i]! + 5).toBeGreaterThan(elo[i]!);
    }
  });

  it('gives the same samples however its rounds are split (each round has its own random stream)', () => {
    const rng = new Rng(9);
    const data = randomData(rng, 12, 1000, 0.1);
    const { theta } = fit(data);
    const all = bootstrapRounds(data, theta, { seed: 3, from: 0, to: 30 });
    const parts = [
      [0, 7],
      [7, 8],
      [8, 30],
    ].map(([from, to]) => bootstrapRounds(data, theta, { seed: 3, from: from!, to: to! }));
    expect(parts.flatMap((p) => Array.from(p.samples))).toEqual(Array.from(all.samples));
    expect(parts.reduce((sum, p) => sum + p.iterations, 0)).toBe(all.iterations);
    // Rounds differ from one another, and bootstrap() is these rounds' percentiles.
    expect(Array.from(all.samples.subarray(0, 12))).not.toEqual(Array.from(all.samples.subarray(12, 24)));
    const whole = bootstrap(data, theta, { rounds: 30, seed: 3 });
    expect(bootstrapIntervals(all.samples, 12)).toEqual({ lower: whole.lower, upper: whole.upper });
  });

  it('gives the same samples whether its replicates are compacted or keep their empty pairs in place', () => {
    const rng = new Rng(12);
    // Sparse (most pairs one or two votes: many empty in a replicate) and dense data, with ties.
    for (const votes of [400, 20000]) {
      const data = randomData(rng, 40, votes, 0.1);
      const { theta } = fit(data);
      const compacted = bootstrapRounds(data, theta, { seed: 5, from: 0, to: 20, compact: true });
      const inPlace = bootstrapRounds(data, theta, { seed: 5, from: 0, to: 20, compact: false });
      expect(Array.from(inPlace.samples)).toEqual(Array.from(compacted.samples));
      expect(inPlace.iterations).toBe(compacted.iterations);
    }
  });

  it('gives the same samples with a workspace reused across data sets of other sizes', () => {
    const workspace = new Workspace();
    const rng = new Rng(10);
    for (const [n, votes] of [
      [40, 6000],
      [8, 300],
      [25, 20000],
      [40, 6000],
    ] as const) {
      const data = randomData(rng, n, votes, 0.1);
      const { theta } = fit(data);
      const fresh = bootstrapRounds(data, theta, { seed: 4, from: 3, to: 13 });
      const reused = bootstrapRounds(data, theta, { seed: 4, from: 3, to: 13 }, workspace);
      expect(Array.from(reused.samples)).toEqual(Array.from(fresh.samples));
    }
  });

  it('gives the same samples from a basis built once in shared memory, with the share drawn in another workspace', () => {
    const rng = new Rng(11);
    const data = randomData(rng, 30, 8000, 0.1);
    const { theta } = fit(data);
    const basis = bootstrapBasis(
      data,
      theta,
      new Workspace(),
      new SharedArena(new SharedArrayBuffer(basisBytes(data.a.length))),
    );
    expect(basis.tables.threshold.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(basis.sigma.buffer).toBeInstanceOf(SharedArrayBuffer);
    const alone = bootstrapRounds(data, theta, { seed: 9, from: 0, to: 12 });
    const first = bootstrapRounds(data, theta, { seed: 9, from: 0, to: 5 }, new Workspace(), basis);
    const second = bootstrapRounds(data, theta, { seed: 9, from: 5, to: 12 }, new Workspace(), basis);
    expect([...first.samples, ...second.samples]).toEqual(Array.from(alone.samples));
    // A basis of other data is refused rather than read out of bounds.
    const other = randomData(rng, 30, 500, 0.1);
    expect(() => bootstrapRounds(other, fit(other).theta, { seed: 9, from: 0, to: 2 }, new Workspace(), basis)).toThrow(
      RangeError,
    );
  });

  it('builds a basis within basisBytes for any data: one block or many, ties or none, no pairs', () => {
    const rng = new Rng(12);
    const shapes: PairData[] = [];
    for (const [n, votes, ties] of [
      [20, 3000, 0.1],
      [150, 40000, 0.5],
      [150, 40000, 1],
      [300, 30000, 0],
    ] as const)
      shapes.push(randomData(rng, n, votes, ties));
    const { ties: _ties, ...halves } = shapes[1]!;
    shapes.push(halves, {
      n: 3,
      a: new Int32Array(0),
      b: new Int32Array(0),
      winsA: new Float32Array(0),
      winsB: new Float32Array(0),
    });
    for (const data of shapes) {
      const arena = new SharedArena(new SharedArrayBuffer(basisBytes(data.a.length)));
      expect(() => bootstrapBasis(data, new Float64Array(data.n), new Workspace(), arena)).not.toThrow();
      // The arena refuses what does not fit rather than write past it.
      if (data.a.length > 0)
        expect(() =>
          bootstrapBasis(data, new Float64Array(data.n), new Workspace(), new SharedArena(new SharedArrayBuffer(64))),
        ).toThrow('the shared arena is too small');
    }
  });

  it('resamples a tie as a tie when tie counts are known', () => {
    // Only ties: every replicate is all ties too, so every score stays exactly 1000.
    const votes: Vote[] = [];
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) for (let t = 0; t < 10; t++) votes.push({ left: i, right: j, outcome: 'tie' });
    const data = aggregate(4, votes);
    const withTies = bootstrap(data, fit(data).theta, { rounds: 30, seed: 1 });
    for (let i = 0; i < 4; i++) {
      expect(withTies.lower[i]).toBeCloseTo(1000, 6);
      expect(withTies.upper[i]).toBeCloseTo(1000, 6);
    }
    // Without tie counts the half wins are redrawn as whole wins: the intervals widen.
    const { ties: _ties, ...halves } = data;
    const withoutTies = bootstrap(halves, fit(halves).theta, { rounds: 30, seed: 1 });
    expect(withoutTies.upper[0]! - withoutTies.lower[0]!).toBeGreaterThan(10);
  });
});

describe('Resampler', () => {
  it('redraws every vote over the cells in proportion to their counts, with many blocks or one, compacted or in place', () => {
    for (const [n, compact] of [
      [12, true],
      [150, true],
      [12, false],
      [150, false],
    ] as const) {
      // 150 items: ≈ 11 000 pairs and 20 000 cells, cut into many blocks; 12 items: one block.
      const rng = new Rng(n);
      const votes: Vote[] = [];
      for (let v = 0; v < 8 * n * n; v++) {
        const left = Math.floor(rng.next() * n);
        const right = (left + 1 + Math.floor(rng.next() * (n - 1))) % n;
        const u = rng.next();
        votes.push({ left, right, outcome: u < 0.15 ? 'tie' : u < 0.15 + 0.85 * rng.next() ? 'left' : 'right' });
      }
      const data = aggregate(n, votes);
      const m = data.a.length;
      const resampler = new Resampler(resampleTables(data, new Workspace()));
      const out: Replicate = {
        a: compact ? new Int32Array(m) : data.a,
        b: compact ? new Int32Array(m) : data.b,
        winsA: new Float32Array(m),
        winsB: new Float32Array(m),
        m: 0,
        atInit: {
          sigma: new Float64Array(m),
          variance: new Float64Array(m),
          ...(compact ? { source: new Int32Array(m) } : {}),
        },
      };
      const rounds = 40;
      const sumA = new Float64Array(m);
      const sumB = new Float64Array(m);
      const stream = new Rng(1);
      for (let r = 0; r < rounds; r++) {
        resampler.resample(stream, data.a, data.b, out);
        let total = 0;
        let misplaced = 0;
        let empty = 0;
        for (let k = 0; k < out.m; k++) {
          const source = out.atInit.source ? out.atInit.source[k]! : k;
          if (out.winsA[k]! + out.winsB[k]! === 0) empty++;
          if (out.a[k] !== data.a[source] || out.b[k] !== data.b[source]) misplaced++;
          sumA[source]! += out.winsA[k]!;
          sumB[source]! += out.winsB[k]!;
          total += out.winsA[k]! + out.winsB[k]!;
        }
        expect(total).toBe(votes.length);
        expect(misplaced).toBe(0);
        // Compacted, a replicate holds its drawn pairs only; in place, every pair, empty ones as zeros.
        if (compact) expect(empty).toBe(0);
        else expect(out.m).toBe(m);
      }
      // Each cell's mean over the rounds is its observed count (a multinomial's mean), within noise:
      // summed over a tenth of the pairs, the error is a few standard deviations at most.
      for (let group = 0; group < 10; group++) {
        let observed = 0;
        let drawn = 0;
        for (let k = group; k < m; k += 10) {
          observed += data.winsA[k]!;
          drawn += sumA[k]! / rounds;
        }
        expect(Math.abs(drawn - observed)).toBeLessThan(5 * Math.sqrt(observed / rounds) + 1);
      }
    }
  });
});

describe('rankUpperBound', () => {
  it('counts the items whose lower bound is above this upper bound', () => {
    const score = Float64Array.from([1100, 1050, 1000, 900, 1000]);
    const lower = Float64Array.from([1080, 1000, 960, 850, 1000]);
    const upper = Float64Array.from([1120, 1090, 1040, 950, 1000]);
    // Item 4 has a zero-width interval at 1000: item 1's lower bound equals it, which does not count.
    expect(Array.from(rankUpperBound(score, lower, upper))).toEqual([1, 1, 2, 5, 2]);
  });
});
