// A seeded generator shared by the ranking engine's bootstrap, the demo simulation and tests.

/** xoshiro128**'s jump polynomial: the state 2⁶⁴ draws ahead (Blackman & Vigna). */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

/** xoshiro128** (period 2¹²⁸ − 1) seeded through splitmix32: fast, reproducible 32-bit draws. */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** Uniform integer in [0, 2³²). */
  nextU32(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  next(): number {
    return ((this.nextU32() >>> 5) * 67108864 + (this.nextU32() >>> 6)) / 9007199254740992;
  }

  /** An independent copy in the same state. */
  clone(): Rng {
    const copy = Object.create(Rng.prototype) as Rng;
    copy.s0 = this.s0;
    copy.s1 = this.s1;
    copy.s2 = this.s2;
    copy.s3 = this.s3;
    return copy;
  }

  /**
   * Advances the state by 2⁶⁴ draws (the generator's published jump polynomial), so clones taken
   * between jumps give non-overlapping streams: the bootstrap gives round r the stream after r jumps,
   * and any split of the rounds between threads draws the same numbers.
   */
  jump(): this {
    let t0 = 0;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    for (const word of JUMP)
      for (let bit = 0; bit < 32; bit++) {
        if ((word >>> bit) & 1) {
          t0 ^= this.s0;
          t1 ^= this.s1;
          t2 ^= this.s2;
          t3 ^= this.s3;
        }
        this.nextU32();
      }
    this.s0 = t0;
    this.s1 = t1;
    this.s2 = t2;
    this.s3 = t3;
    return this;
  }

  /** Fills `out` with the next out.length values of nextU32(); the state lives in locals meanwhile. */
  fill(out: Uint32Array) {
    let { s0, s1, s2, s3 } = this;
    for (let i = 0; i < out.length; i++) {
      const m = Math.imul(s1, 5);
      out[i] = Math.imul((m << 7) | (m >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }
}
