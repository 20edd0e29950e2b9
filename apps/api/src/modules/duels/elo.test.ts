import { describe, expect, it } from 'vitest';
import { ELO_START, eloChanges, expectedScore, kFactor } from './elo.ts';

describe('live Elo', () => {
  it('expects even odds between equal ratings and 10:1 at 400 points', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
    expect(expectedScore(1400, 1000)).toBeCloseTo(10 / 11, 12);
    expect(expectedScore(1000, 1400)).toBeCloseTo(1 / 11, 12);
  });

  it('moves two new jerseys by K = 32 × ½ on a win, symmetric', () => {
    const fresh = { rating: ELO_START, games: 0 };
    expect(eloChanges(fresh, fresh, 'left')).toEqual([16, -16]);
    expect(eloChanges(fresh, fresh, 'right')).toEqual([-16, 16]);
  });

  it('uses K = 4 after 20 duels and half a win for tie and both bad', () => {
    expect(kFactor(19)).toBe(32);
    expect(kFactor(20)).toBe(4);
    const strong = { rating: 1200, games: 50 };
    const weak = { rating: 1000, games: 50 };
    const e = expectedScore(1200, 1000);
    const [a, b] = eloChanges(strong, weak, 'tie');
    expect(a).toBeCloseTo(4 * (0.5 - e), 12);
    expect(b).toBeCloseTo(-a, 12);
    expect(eloChanges(strong, weak, 'both_bad')).toEqual([a, b]);
    expect(a).toBeLessThan(0); // the favourite loses points on a draw
  });

  it('gives an upset more points than an expected win', () => {
    const strong = { rating: 1300, games: 100 };
    const weak = { rating: 1000, games: 100 };
    const [upset] = eloChanges(weak, strong, 'left');
    const [expected] = eloChanges(strong, weak, 'left');
    expect(upset).toBeGreaterThan(expected);
    expect(upset + expected).toBeCloseTo(4, 12);
  });
});
