import type { Rng } from '#lib/rng.ts';
import type { Pairs } from './newton.ts';
import type { PairData } from './types.ts';
import { type Arrays, Workspace } from './workspace.ts';

/**
 * Where a replicate is drawn: pair arrays sized for every pair. With atInit.source the drawn pairs are
 * compacted and source tells where each came from; without it every pair stays at its own index, empty
 * ones included, and `a` and `b` are the data's own (see Resampler.resample).
 */
export type Replicate = Required<Pairs>;

const TWO_32 = 4294967296;

/** Random numbers drawn per fill: at ten million votes one buffer for every draw would take 40 MB. */
const RANDOM_CHUNK = 1 << 20;

/** Target size of a second-stage block: its alias table (12 KB) stays in cache while its draws run. */
const BLOCK = 1024;

/**
 * Up to this many cells (a team scope has a few thousand) one block takes them all: its table (48 KB)
 * still fits the cache, and stage one, a random number per vote, is skipped.
 */
const ONE_BLOCK = 4096;

/**
 * Draws bootstrap replicates of the pair counts: the total number of votes N, multinomially over the
 * pair-outcome cells — per pair "a won", "b won" and, when `ties` is known, "tie" — weighted by the
 * observed counts (FastChat's scheme). Without `ties` the cells are winsA and winsB including the
 * halves, so a tie's mass is redrawn as a whole win for either side: slightly wider (conservative)
 * intervals for tie-heavy data.
 *
 * The multinomial is drawn in two exact stages. The cells, laid end to end, are cut into B blocks of
 * equal weight (a cell crossing a cut contributes a piece to each side), so stage one — N votes over the
 * blocks — is a uniform multinomial; stage two draws each block's votes over its pieces from a small
 * Vose alias table. One table over ~10⁶ cells would miss the cache on every draw.
 */
export class Resampler {
  private readonly blockCounts: Uint32Array;
  /**
   * The counters of the cells a block's draws can reach: window[i] counts cell `base` + i, where cell 3k,
   * 3k+1, 3k+2 is pair k's "a won", "b won", "tie". A block reaches only the cells of its own pieces, so
   * one block's span is enough, not a counter for every cell (12 bytes a pair, per thread, at the peak).
   */
  private readonly window: Uint32Array;
  private readonly random: Uint32Array;

  constructor(
    private readonly tables: ResampleTables,
    workspace = new Workspace(),
  ) {
    const { blocks, blockStart, own } = tables;
    // The whole pairs from the one where a block's first cell lies to the one of its last; pieces are in
    // cell order.
    let span = 3;
    for (let j = 0; j < blocks && own.length > 0; j++) {
      const firstPair = Math.floor(own[blockStart[j]!]! / 3);
      const lastPair = Math.floor(own[blockStart[j + 1]! - 1]! / 3);
      span = Math.max(span, 3 * (lastPair - firstPair + 1));
    }
    this.blockCounts = workspace.uint32('resample.blockCounts', blocks);
    this.window = workspace.uint32('resample.window', span);
    this.random = workspace.uint32('resample.random', Math.min(tables.draws, RANDOM_CHUNK));
  }

  /**
   * Draws one replicate and writes its pairs' counts (ties as halves) to `out`. With out.atInit.source,
   * only the non-empty pairs, compacted, so the refit skips the pairs that drew no vote (~1/e of them when
   * most pairs have one vote); each one's position in `a` and `b` goes to source. Without it, every pair
   * at its own index: an empty pair adds exact zeros to the refit, whose result is the same to the bit,
   * and the replicate needs neither copies of `a` and `b` nor `source` (12 bytes a pair, per thread).
   */
  resample(rng: Rng, a: Int32Array, b: Int32Array, out: Replicate) {
    const compact = out.atInit.source !== undefined;
    const { draws, m, blocks, blockStart, threshold, own, alias } = this.tables;
    const { blockCounts, window, random } = this;
    // The random numbers come in chunks of at most RANDOM_CHUNK, in the same order as one long fill.
    const chunk = random.length;
    const refill = (from: number) => {
      const size = Math.min(chunk, draws - from);
      rng.fill(size === chunk ? random : random.subarray(0, size));
      return size;
    };
    blockCounts.fill(0);
    if (blocks === 1) blockCounts[0] = draws;
    else
      for (let v = 0; v < draws; v += chunk) {
        const size = refill(v);
        for (let i = 0; i < size; i++) blockCounts[Math.floor((random[i]! * blocks) / TWO_32)]! += 1;
      }
    // Stage two, one 32-bit number per draw: u·len = 2³²·entry + rest, where rest/2³² is uniform on
    // [0, 1) in steps of len/2³² (≈2⁻²² for a block), fine enough to compare with the entry's threshold;
    // rest is an integer, so rest < threshold·2³² exactly when rest < ⌈threshold·2³²⌉.
    window.fill(0);
    let base = 0;
    let used = 0;
    let i = 0;
    let filled = 0;
    let drawn = 0;
    for (let j = 0; j < blocks; j++) {
      const start = blockStart[j]!;
      const len = blockStart[j + 1]! - start;
      for (let c = blockCounts[j]!; c > 0; c--) {
        if (i === filled) {
          filled = refill(drawn);
          i = 0;
        }
        drawn++;
        const u = random[i++]! * len;
        const entry = Math.floor(u / TWO_32);
        const piece = start + entry;
        window[(u - entry * TWO_32 < threshold[piece]! ? own[piece]! : alias[piece]!) - base]! += 1;
      }
      // The pairs before the one where the next block begins are complete: out they go (cleared behind),
      // and the window moves on to that pair, whose counters (it may straddle the cut) come along.
      const next = j + 1 < blocks ? Math.floor(own[blockStart[j + 1]!]! / 3) : m;
      for (let k = base / 3; k < next; k++) {
        const w = 3 * k - base;
        const aWon = window[w]!;
        const bWon = window[w + 1]!;
        const tie = window[w + 2]!;
        let at = k;
        if (compact) {
          if (aWon + bWon + tie === 0) continue;
          at = used++;
          out.a[at] = a[k]!;
          out.b[at] = b[k]!;
          out.atInit.source![at] = k;
        }
        window[w] = window[w + 1] = window[w + 2] = 0;
        out.winsA[at] = aWon + 0.5 * tie;
        out.winsB[at] = bWon + 0.5 * tie;
      }
      const shift = 3 * next - base;
      if (shift > 0 && j + 1 < blocks) {
        for (let r = 0; r < 3; r++) {
          window[r] = window[shift + r] ?? 0;
          if (shift + r < window.length) window[shift + r] = 0;
        }
        base = 3 * next;
      }
    }
    out.m = compact ? used : m;
  }
}

/**
 * The alias tables a Resampler draws from (see Resampler). They only depend on the data and are only read
 * while drawing, so the threads sharing a scope's rounds can share one copy, built into `out` (e.g. a
 * SharedArena); `scratch` holds what is needed while building only.
 */
export interface ResampleTables {
  /** The number of votes N a replicate draws. */
  readonly draws: number;
  /** Pairs. */
  readonly m: number;
  /**
   * The share of the pairs a replicate is expected to leave without a vote, Σ e^(−votes) / m (a pair's
   * draws are nearly Poisson): what compacting a replicate would save its refit (see Resampler.resample).
   */
  readonly emptyShare: number;
  readonly blocks: number;
  /** Block j's pieces are [blockStart[j], blockStart[j + 1]). */
  readonly blockStart: Int32Array;
  /**
   * Per piece: ⌈threshold·2³²⌉ (see fillAlias), and the counters a draw below and at or above it adds to.
   * Three arrays of 32-bit values rather than one of doubles: a draw then reads integers only (counter
   * indices that are doubles cost a conversion each), and half the bytes stay in cache.
   */
  readonly threshold: Uint32Array;
  readonly own: Int32Array;
  readonly alias: Int32Array;
}

/** Bytes resampleTables takes at most in `out` for m pairs, alignment included (see SharedArena). */
export function resampleTablesBytes(m: number): number {
  const cells = 3 * m;
  const blocks = Math.ceil(cells / BLOCK) + 1;
  return 4 * (3 * (cells + blocks) + blocks + 1) + 4 * 4;
}

export function resampleTables(data: PairData, scratch: Workspace, out: Arrays = scratch): ResampleTables {
  const { winsA, winsB, ties } = data;
  const m = winsA.length;
  let total = 0;
  let cells = 0;
  let empty = 0;
  for (let k = 0; k < m; k++) {
    const t = ties ? ties[k]! : 0;
    total += winsA[k]! + winsB[k]!;
    empty += Math.exp(-(winsA[k]! + winsB[k]!));
    cells += (winsA[k]! > t / 2 ? 1 : 0) + (winsB[k]! > t / 2 ? 1 : 0) + (t > 0 ? 1 : 0);
  }
  const blocks = cells <= ONE_BLOCK ? 1 : Math.ceil(cells / BLOCK);
  const per = total / blocks;
  // A cell crossing a cut makes one more piece, so there are at most cells + blocks − 1. Each piece's
  // target cell goes straight to `own`, which fillAlias reads it from.
  const own = out.int32('resample.own', cells + blocks);
  const threshold = out.uint32('resample.threshold', cells + blocks);
  const alias = out.int32('resample.alias', cells + blocks);
  const blockStart = out.int32('resample.blockStart', blocks + 1);
  blockStart[0] = 0;
  // The pieces' weights are only needed until their block's table is built, so only one block's are kept
  // (a block spans about BLOCK cells, more where cells are light): 8 bytes a cell less at the peak.
  let weights = scratch.float64('resample.blockWeights', Math.max(1, Math.min(cells + blocks, ONE_BLOCK)));
  let first = 0;
  /** The block of pieces [first, end) is complete: its alias table is built. */
  const finish = (end: number) => {
    const len = end - first;
    // Every block spans weight total/B > 0, so none is empty; a draw into an empty one would be lost.
    if (len <= 0) throw new Error('empty resampling block');
    const scaled = scratch.float64('resample.scaled', len);
    fillAlias(
      threshold,
      own,
      alias,
      weights,
      first,
      end,
      scaled,
      scratch.int32('resample.small', len),
      scratch.int32('resample.large', len),
    );
    first = end;
  };
  let pieces = 0;
  let block = 0;
  let lo = 0;
  // Cell 3k + r's weight is pair k's "a won" (r = 0), "b won" (1) or "tie" (2) votes, computed here rather
  // than kept in an array of 3m doubles: at two million pairs that array alone was 48 MB of the peak.
  for (let k = 0; k < m; k++) {
    const t = ties ? ties[k]! : 0;
    for (let r = 0; r < 3; r++) {
      const weight = r === 2 ? t : (r === 0 ? winsA[k]! : winsB[k]!) - t / 2;
      if (!(weight > 0)) continue;
      const c = 3 * k + r;
      const hi = lo + weight;
      for (;;) {
        const end = block === blocks - 1 ? Infinity : (block + 1) * per;
        const piece = Math.min(hi, end) - Math.max(lo, block * per);
        if (piece > 0) {
          if (pieces - first === weights.length) {
            const grown = new Float64Array(2 * weights.length);
            grown.set(weights);
            weights = grown;
          }
          weights[pieces - first] = piece;
          own[pieces++] = c;
        }
        if (hi <= end) break;
        finish(pieces);
        blockStart[++block] = pieces;
      }
      lo = hi;
    }
  }
  blockStart.fill(pieces, block + 1);
  if (pieces > 0) {
    finish(pieces);
    if (block < blocks - 1) throw new Error('empty resampling block');
  }
  return {
    draws: Math.round(total),
    m,
    emptyShare: m > 0 ? empty / m : 0,
    blocks,
    blockStart,
    threshold: threshold.subarray(0, pieces),
    own: own.subarray(0, pieces),
    alias: alias.subarray(0, pieces),
  };
}

/**
 * Vose alias table over pieces [from, to), whose weights are weights[0, to − from), written to
 * threshold[i] and alias[i] for i in [from, to) as
 * ⌈threshold·2³²⌉ and the alias's target; own[i] holds piece i's own target on entry and is left as is, so
 * a draw gets its counter directly. The threshold is kept below 2³² to fit 32 bits: a draw still picks
 * `own` unless rest is 2³² − 1, so a threshold within 2⁻³² of 1 errs by at most 2⁻³², far below the
 * draws' own 2⁻²² steps. `scaled`, `small` and `large` are scratch arrays of at least to − from entries.
 */
function fillAlias(
  threshold: Uint32Array,
  own: Int32Array,
  alias: Int32Array,
  weights: Float64Array,
  from: number,
  to: number,
  scaled: Float64Array,
  small: Int32Array,
  large: Int32Array,
) {
  const len = to - from;
  let total = 0;
  for (let i = 0; i < len; i++) total += weights[i]!;
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < len; i++) {
    const v = (weights[i]! * len) / total;
    scaled[i] = v;
    if (v < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[nl - 1]!;
    threshold[from + s] = Math.min(TWO_32 - 1, Math.ceil(scaled[s]! * TWO_32));
    alias[from + s] = own[from + l]!;
    const rest = scaled[l]! + scaled[s]! - 1;
    scaled[l] = rest;
    if (rest < 1) {
      nl--;
      small[ns++] = l;
    }
  }
  // Whatever is left has probability 1 up to round-off.
  for (let c = 0; c < nl + ns; c++) {
    const i = c < nl ? large[c]! : small[c - nl]!;
    threshold[from + i] = TWO_32 - 1;
    alias[from + i] = own[from + i]!;
  }
}
