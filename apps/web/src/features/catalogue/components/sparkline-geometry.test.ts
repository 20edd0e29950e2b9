import { describe, expect, it } from 'vitest';
import { sparklineGeometry } from './sparkline-geometry.ts';

const p = (at: string, score: number, lower: number, upper: number) => ({ at, score, lower, upper });

describe('sparklineGeometry', () => {
  it('is nothing without points or room', () => {
    expect(sparklineGeometry([], 200, 80)).toBeNull();
    expect(sparklineGeometry([p('2026-01-01T00:00:00Z', 1000, 990, 1010)], 10, 80)).toBeNull();
  });

  it('spreads points by time and puts the highest value at the top', () => {
    const g = sparklineGeometry(
      [
        p('2026-01-01T00:00:00Z', 1000, 900, 1100),
        p('2026-01-01T01:00:00Z', 1050, 950, 1100),
        p('2026-01-01T04:00:00Z', 900, 900, 1000),
      ],
      210,
      110,
      5,
    )!;
    // x: 0 h, 1 h and 4 h over 4 h of 200 px.
    expect(g.points.map((q) => q.x)).toEqual([5, 55, 205]);
    // Range 900..1100 with 5% air: 890..1110 over 100 px.
    expect(g.min).toBe(890);
    expect(g.max).toBe(1110);
    expect(g.points[1]!.y).toBeLessThan(g.points[0]!.y);
    expect(g.points[2]!.y).toBeGreaterThan(g.points[0]!.y);
    expect(g.points[0]!.y).toBeCloseTo(5 + (110 / 220) * 100, 1);
    expect(g.line.startsWith('M5 ')).toBe(true);
    expect(g.band.endsWith('Z')).toBe(true);
    // Band: the three upper points then the three lower points back.
    expect(g.band.match(/[ML]/g)).toHaveLength(6);
  });

  it('spreads points evenly when the times are equal, and centres a single point', () => {
    const same = '2026-01-01T00:00:00Z';
    const g = sparklineGeometry(
      [p(same, 1000, 990, 1010), p(same, 1001, 991, 1011), p(same, 999, 989, 1009)],
      110,
      50,
      5,
    )!;
    expect(g.points.map((q) => q.x)).toEqual([5, 55, 105]);
    const one = sparklineGeometry([p(same, 1000, 1000, 1000)], 110, 50, 5)!;
    expect(one.points[0]).toEqual({ x: 55, y: 25 });
    expect(one.max).toBeGreaterThan(one.min);
  });
});
