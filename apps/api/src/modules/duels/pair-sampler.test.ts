import { describe, expect, it } from 'vitest';
import { Rng } from '#lib/rng.ts';
import { CLOSE_SHARE, CLOSE_SIGMA, type Candidate, firstWeight, pairKey, pickPair } from './pair-sampler.ts';

const seeded = (seed: number) => {
  const rng = new Rng(seed);
  return () => rng.nextU32() / 4294967296;
};

const pool = (n: number, games = (_i: number) => 0, rating = (_i: number) => 1000): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ id: `j${String(i).padStart(3, '0')}`, rating: rating(i), games: games(i) }));

const never = () => false;

describe('pair sampler', () => {
  it('needs two candidates and never pairs a jersey with itself', () => {
    expect(pickPair([], never)).toBeNull();
    expect(pickPair(pool(1), never)).toBeNull();
    const random = seeded(1);
    for (let t = 0; t < 500; t++) {
      const pair = pickPair(pool(5), never, random)!;
      expect(pair[0].id).not.toBe(pair[1].id);
    }
  });

  it('draws only from the pool it is given (only active jerseys reach it)', () => {
    const active = pool(6).filter((_, i) => i % 2 === 0);
    const random = seeded(2);
    for (let t = 0; t < 300; t++) {
      for (const c of pickPair(active, never, random)!) expect(active).toContain(c);
    }
  });

  it('shows under-voted jerseys more often, in proportion to 1/√(votes+1)', () => {
    // Jersey 0 has no votes, the other nine have 99 each: first-pick weight 1 vs 0.1 each.
    const candidates = pool(10, (i) => (i === 0 ? 0 : 99));
    const random = seeded(3);
    let shown = 0;
    const rounds = 20_000;
    for (let t = 0; t < rounds; t++) if (pickPair(candidates, never, random)!.some((c) => c.id === 'j000')) shown++;
    const pFirst = firstWeight(candidates[0]!) / (1 + 9 * firstWeight(candidates[1]!));
    // Shown when drawn first, or drawn as the opponent of one of the others (≈ 1/9 of the rest).
    const expected = pFirst + (1 - pFirst) / 9;
    expect(shown / rounds).toBeGreaterThan(expected - 0.02);
    expect(shown / rounds).toBeLessThan(expected + 0.02);
  });

  it('draws each pair exactly as often as its weights say, also when rejection gives up for the scan', () => {
    /** Each unordered pair's probability: first pick ∝ 1/√(votes+1), then the opponent (uniform or close). */
    const expected = (candidates: Candidate[]) => {
      const n = candidates.length;
      const firstTotal = candidates.reduce((sum, c) => sum + firstWeight(c), 0);
      const close = (a: Candidate, b: Candidate) => Math.exp(-0.5 * ((a.rating - b.rating) / CLOSE_SIGMA) ** 2);
      const opponent = (i: number, j: number) => {
        const closeTotal = candidates.reduce((sum, c, k) => (k === i ? sum : sum + close(candidates[i]!, c)), 0);
        return (1 - CLOSE_SHARE) / (n - 1) + (CLOSE_SHARE * close(candidates[i]!, candidates[j]!)) / closeTotal;
      };
      const p = new Map<string, number>();
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          if (i === j) continue;
          const key = pairKey(candidates[i]!.id, candidates[j]!.id);
          p.set(key, (p.get(key) ?? 0) + (firstWeight(candidates[i]!) / firstTotal) * opponent(i, j));
        }
      return p;
    };
    const check = (candidates: Candidate[], seed: number, rounds: number) => {
      const random = seeded(seed);
      const seen = new Map<string, number>();
      for (let t = 0; t < rounds; t++) {
        const [a, b] = pickPair(candidates, never, random)!;
        seen.set(pairKey(a.id, b.id), (seen.get(pairKey(a.id, b.id)) ?? 0) + 1);
      }
      for (const [key, p] of expected(candidates)) {
        // Five standard errors of a binomial share: a wrong weighting moves these pairs by far more.
        const margin = 5 * Math.sqrt((p * (1 - p)) / rounds) + 1e-4;
        expect(Math.abs((seen.get(key) ?? 0) / rounds - p), key).toBeLessThan(margin);
      }
    };
    // Votes and ratings spread out: most draws are settled by rejection.
    check(
      pool(
        6,
        (i) => [0, 3, 15, 80, 400, 2000][i]!,
        (i) => [700, 900, 1000, 1050, 1300, 1600][i]!,
      ),
      7,
      60_000,
    );
    // One unvoted jersey among much-voted ones, all far apart: most first picks fall back to the scan.
    check(
      pool(
        40,
        (i) => (i === 0 ? 0 : 1_000_000),
        (i) => 400 + 600 * i,
      ),
      8,
      40_000,
    );
  });

  it('prefers opponents with a close live rating', () => {
    const candidates = pool(
      41,
      () => 30,
      (i) => 600 + 20 * i,
    );
    const random = seeded(4);
    let gap = 0;
    const rounds = 5000;
    for (let t = 0; t < rounds; t++) {
      const [a, b] = pickPair(candidates, never, random)!;
      gap += Math.abs(a.rating - b.rating);
    }
    // Uniform opponents would average ≈ 270 points apart on this ladder.
    expect(gap / rounds).toBeLessThan(200);
  });

  it('never repeats an answered pair while an unanswered one remains, then allows repeats', () => {
    const candidates = pool(8);
    const answered = new Set<string>();
    const random = seeded(5);
    const total = (8 * 7) / 2;
    for (let t = 0; t < total; t++) {
      const [a, b] = pickPair(candidates, (x, y) => answered.has(pairKey(x, y)), random)!;
      expect(answered.has(pairKey(a.id, b.id))).toBe(false);
      answered.add(pairKey(a.id, b.id));
    }
    expect(answered.size).toBe(total);
    expect(pickPair(candidates, (x, y) => answered.has(pairKey(x, y)), random)).not.toBeNull();
  });

  it('shuffles sides', () => {
    const candidates = pool(2);
    const random = seeded(6);
    let leftFirst = 0;
    for (let t = 0; t < 2000; t++) if (pickPair(candidates, never, random)![0].id === 'j000') leftFirst++;
    expect(leftFirst).toBeGreaterThan(900);
    expect(leftFirst).toBeLessThan(1100);
  });
});
