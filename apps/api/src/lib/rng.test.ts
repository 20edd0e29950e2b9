import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';

/** The state after one draw, as a map on the 128 state bits (xoshiro128's update is linear over GF(2)). */
function step([s0, s1, s2, s3]: number[]): number[] {
  const t = s1! << 9;
  s2! ^= s0!;
  s3! ^= s1!;
  s1! ^= s2!;
  s0! ^= s3!;
  s2! ^= t;
  s3 = (s3! << 11) | (s3! >>> 21);
  return [s0!, s1!, s2!, s3].map((x) => x >>> 0);
}

/** Applies the 128×128 bit matrix M (M[b] = image of state bit b) to a state. */
function apply(m: number[][], v: number[]): number[] {
  const out = [0, 0, 0, 0];
  for (let bit = 0; bit < 128; bit++)
    if ((v[bit >> 5]! >>> (bit & 31)) & 1) for (let w = 0; w < 4; w++) out[w] = (out[w]! ^ m[bit]![w]!) >>> 0;
  return out;
}

const state = (rng: Rng) => {
  const r = rng as unknown as { s0: number; s1: number; s2: number; s3: number };
  return [r.s0, r.s1, r.s2, r.s3].map((x) => x >>> 0);
};

describe('Rng', () => {
  it('jump() moves the state exactly 2⁶⁴ draws ahead', () => {
    // The one-draw matrix squared 64 times is the 2⁶⁴-draw matrix.
    let m = Array.from({ length: 128 }, (_, bit) => {
      const v = [0, 0, 0, 0];
      v[bit >> 5] = (1 << (bit & 31)) >>> 0;
      return step(v);
    });
    for (let i = 0; i < 64; i++) m = m.map((column) => apply(m, column));
    const rng = new Rng(20261124);
    rng.nextU32();
    const before = state(rng);
    expect(state(rng.jump())).toEqual(apply(m, before));
  });

  it('clone() draws what the original draws, independently of it', () => {
    const rng = new Rng(3);
    rng.nextU32();
    const copy = rng.clone();
    const fromCopy = Array.from({ length: 5 }, () => copy.nextU32());
    expect(Array.from({ length: 5 }, () => rng.nextU32())).toEqual(fromCopy);
    copy.jump();
    expect(copy.nextU32()).not.toBe(rng.nextU32());
  });
});
