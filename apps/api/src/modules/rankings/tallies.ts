/**
 * Counted votes per unordered pair of jerseys, as positions in the job's sorted list of active jerseys
 * (a[k] < b[k]), in flat typed arrays: at ten million votes there are up to two million pairs, which
 * as objects with id strings would not fit the process's memory budget (docs/perf/ranking-job.md).
 */
export interface PairTallies {
  readonly length: number;
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** Decisive wins of a and of b, and tie or both-bad votes. */
  readonly winsA: Int32Array;
  readonly winsB: Int32Array;
  readonly ties: Int32Array;
}

export const NO_TALLIES: PairTallies = {
  length: 0,
  a: new Int32Array(0),
  b: new Int32Array(0),
  winsA: new Int32Array(0),
  winsB: new Int32Array(0),
  ties: new Int32Array(0),
};

/**
 * Collects pairs into typed arrays, grown as needed: `capacity` is the number expected, when known, so a
 * big read neither grows in steps (old and new arrays side by side) nor ends with unused room.
 * `add` takes either order of the two jerseys.
 */
export class TallyBuilder {
  private size = 0;
  private a: Int32Array;
  private b: Int32Array;
  private winsA: Int32Array;
  private winsB: Int32Array;
  private ties: Int32Array;

  constructor(private cap = 1024) {
    this.cap = Math.max(1, cap);
    this.a = new Int32Array(this.cap);
    this.b = new Int32Array(this.cap);
    this.winsA = new Int32Array(this.cap);
    this.winsB = new Int32Array(this.cap);
    this.ties = new Int32Array(this.cap);
  }

  add(x: number, y: number, winsX: number, winsY: number, ties: number): void {
    if (this.size === this.cap) this.grow();
    const k = this.size++;
    const swap = x > y;
    this.a[k] = swap ? y : x;
    this.b[k] = swap ? x : y;
    this.winsA[k] = swap ? winsY : winsX;
    this.winsB[k] = swap ? winsX : winsY;
    this.ties[k] = ties;
  }

  /** Views of the filled part (no copy: at two million pairs a copy would be 40 MB more at the peak). */
  build(): PairTallies {
    const n = this.size;
    return {
      length: n,
      a: this.a.subarray(0, n),
      b: this.b.subarray(0, n),
      winsA: this.winsA.subarray(0, n),
      winsB: this.winsB.subarray(0, n),
      ties: this.ties.subarray(0, n),
    };
  }

  private grow() {
    this.cap *= 2;
    const grown = (from: Int32Array) => {
      const to = new Int32Array(this.cap);
      to.set(from);
      return to;
    };
    this.a = grown(this.a);
    this.b = grown(this.b);
    this.winsA = grown(this.winsA);
    this.winsB = grown(this.winsB);
    this.ties = grown(this.ties);
  }
}

/**
 * The same tallies from votes grouped by pair and outcome (the job's replay of history up to a date,
 * which cannot use the live tallies), merged per pair and sorted like the live ones.
 */
export function talliesFromVotes(
  rows: readonly { left_id: string; right_id: string; outcome: string; n: number }[],
  index: ReadonlyMap<string, number>,
): PairTallies {
  const n = index.size;
  const pairs = new Map<number, [number, number, number]>();
  for (const v of rows) {
    const l = index.get(v.left_id);
    const r = index.get(v.right_id);
    if (l === undefined || r === undefined) continue;
    const [a, b] = l < r ? [l, r] : [r, l];
    const key = a * n + b;
    let p = pairs.get(key);
    if (!p) pairs.set(key, (p = [0, 0, 0]));
    if (v.outcome === 'left' || v.outcome === 'right') p[(v.outcome === 'left' ? l : r) === a ? 0 : 1] += v.n;
    else p[2] += v.n;
  }
  const out = new TallyBuilder();
  for (const key of [...pairs.keys()].sort((x, y) => x - y)) {
    const p = pairs.get(key)!;
    out.add(Math.floor(key / n), key % n, p[0], p[1], p[2]);
  }
  return out.build();
}

/**
 * `all` minus `part` pair by pair (both sorted by (a, b), `part` a subset of `all`), never below zero;
 * pairs left without votes are dropped. Written over `all`'s arrays, which hold the difference afterwards
 * (at two million pairs a copy would add 40 MB to the job's peak).
 */
export function subtractTalliesInPlace(all: PairTallies, part: PairTallies): PairTallies {
  let used = 0;
  let j = 0;
  for (let k = 0; k < all.length; k++) {
    const a = all.a[k]!;
    const b = all.b[k]!;
    while (j < part.length && (part.a[j]! < a || (part.a[j] === a && part.b[j]! < b))) j++;
    const same = j < part.length && part.a[j] === a && part.b[j] === b;
    const winsA = Math.max(0, all.winsA[k]! - (same ? part.winsA[j]! : 0));
    const winsB = Math.max(0, all.winsB[k]! - (same ? part.winsB[j]! : 0));
    const ties = Math.max(0, all.ties[k]! - (same ? part.ties[j]! : 0));
    if (winsA + winsB + ties === 0) continue;
    // used ≤ k: the pair written never overwrites one still to be read.
    all.a[used] = a;
    all.b[used] = b;
    all.winsA[used] = winsA;
    all.winsB[used] = winsB;
    all.ties[used++] = ties;
  }
  return {
    length: used,
    a: all.a.subarray(0, used),
    b: all.b.subarray(0, used),
    winsA: all.winsA.subarray(0, used),
    winsB: all.winsB.subarray(0, used),
    ties: all.ties.subarray(0, used),
  };
}
