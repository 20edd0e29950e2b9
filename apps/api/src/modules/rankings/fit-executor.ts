import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BootstrapBasis, type Counts, type PairData, SharedArena, basisBytes } from './bradley-terry/index.ts';
import { type ScopeFit, assembleScope, fitScope } from './fit-scope.ts';
import type { ShareReply, ShareRequest } from './fit-worker.ts';

export interface FitExecutor {
  readonly kind: 'worker' | 'inline';
  /** Fits one scope; fits asked for together take their turns. */
  run(data: PairData, rounds: number, seed: number): Promise<ScopeFit>;
  /**
   * Arrays for the m pairs of the next scope to fit, where the executor reads them without a copy (the
   * worker pool's shared arena): at two million pairs, 70 MB less at the peak. They hold until the next
   * call, which may only come once no fit is running. Without it, the caller allocates its own.
   */
  pairArrays?(n: number, m: number): PairArrays;
  close(): Promise<void>;
}

/** Fit worker threads by default (RANKING_FIT_WORKERS): one per core of the 2-core target machine. */
export const DEFAULT_FIT_WORKERS = 2;
export const MAX_FIT_WORKERS = 16;

/**
 * Fits run in worker threads so requests never wait behind a bootstrap (docs/performance.md: request p99
 * during a fit ≤ 2 × idle); the workers lower their own priority, so requests still get the cores first.
 * With several workers, one does the full fit and the bootstrap's rounds are split between all of them
 * (each round has its own random stream, so the intervals do not depend on the split), reading one copy
 * of the pairs and of the bootstrap's basis in shared memory. The worker file
 * exists in the built server (dist/fit-worker.js); from sources (tests, `tsx`) the fit runs inline,
 * which is fine for their small catalogues. `workers` is RANKING_FIT_WORKERS (README, configuration).
 */
export function createFitExecutor(
  workerUrl = new URL('./fit-worker.js', import.meta.url),
  workers = DEFAULT_FIT_WORKERS,
): FitExecutor {
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_FIT_WORKERS)
    throw new RangeError(`fit workers must be an integer from 1 to ${MAX_FIT_WORKERS}, got ${workers}`);
  return existsSync(fileURLToPath(workerUrl)) ? workerExecutor(workerUrl, workers) : inlineExecutor();
}

function inlineExecutor(): FitExecutor {
  return {
    kind: 'inline',
    run: async (data, rounds, seed) => fitScope(data, rounds, seed),
    close: async () => {},
  };
}

/** A pair's bytes in the arena: winsA, winsB and ties (32-bit floats), a and b (32-bit ints); 16 more for alignment. */
const PAIR_BYTES = 5 * 4;

/** Pair data with their tie counts, as the ranking job builds them. */
export type PairArrays = PairData & { readonly ties: Counts };

/** The full fit, and the bootstrap's basis the worker built for every share. */
interface FullFit {
  theta: Float64Array;
  basis: BootstrapBasis;
}

interface Pending {
  onTheta?: (fit: FullFit) => void;
  resolve: (samples: Float64Array) => void;
  reject: (error: Error) => void;
}

/** One worker thread, started on first use and again after it crashed. */
class Slot {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly url: URL) {}

  /** Posts a share; `onTheta` gets the full fit when the request asks the worker to do it. */
  post(request: ShareRequest, entry: Pending) {
    this.worker ??= this.start();
    this.pending.set(request.id, entry);
    this.worker.postMessage(request);
  }

  async close() {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private start(): Worker {
    const w = new Worker(this.url);
    w.unref();
    w.on('message', (msg: ShareReply) => {
      const entry = this.pending.get(msg.id);
      if (!entry) return;
      if ('theta' in msg) {
        entry.onTheta?.({ theta: msg.theta, basis: msg.basis });
        return;
      }
      this.pending.delete(msg.id);
      if ('samples' in msg) entry.resolve(msg.samples);
      else entry.reject(new Error(msg.error));
    });
    // A crashed worker fails its jobs; the next job starts a new one.
    const failAll = (error: Error) => {
      if (this.worker === w) this.worker = null;
      for (const entry of this.pending.values()) entry.reject(error);
      this.pending.clear();
    };
    w.on('error', failAll);
    w.on('exit', (code) => failAll(new Error(`fit worker exited with code ${code}`)));
    return w;
  }
}

function workerExecutor(url: URL, workers: number): FitExecutor {
  const slots = Array.from({ length: workers }, () => new Slot(url));
  let nextId = 0;
  // The scope's pairs and its bootstrap's basis, reused from scope to scope (see SharedArena) and grown
  // when a bigger scope comes; so fits take their turn, one at a time.
  let arena = new SharedArrayBuffer(0);
  let turn: Promise<unknown> = Promise.resolve();
  let running = 0;

  /** The scope's pairs as views at the start of the arena, grown first if they and their basis need it. */
  function carvePairs(n: number, m: number, withTies: boolean) {
    const bytes = PAIR_BYTES * m + 16 + basisBytes(m);
    if (arena.byteLength < bytes) arena = new SharedArrayBuffer(Math.ceil(bytes * 1.125));
    const carve = new SharedArena(arena);
    const winsA = carve.float32('winsA', m);
    const winsB = carve.float32('winsB', m);
    const ties = withTies ? carve.float32('ties', m) : undefined;
    const pairs = { n, winsA, winsB, ...(ties ? { ties } : {}), a: carve.int32('a', m), b: carve.int32('b', m) };
    return { pairs, basisAt: carve.used };
  }

  async function fitOne(data: PairData, rounds: number, seed: number): Promise<ScopeFit> {
    const m = data.a.length;
    const { pairs: input, basisAt } = carvePairs(data.n, m, data.ties !== undefined);
    // Pairs from pairArrays are in place already (a copy onto themselves would clone them first).
    if (data.a.buffer !== arena || data.a.byteOffset !== input.a.byteOffset)
      for (const key of ['a', 'b', 'winsA', 'winsB', 'ties'] as const) input[key]?.set(data[key]!);
    const [first, ...rest] = splitRounds(m > 0 ? rounds : 0, workers);
    // The first worker does the full fit and builds the basis, posts both, then goes on with its own
    // rounds; a crash before the fit arrived fails both.
    let fitted!: { resolve: (fit: FullFit) => void; reject: (error: Error) => void };
    const fit = new Promise<FullFit>((resolve, reject) => (fitted = { resolve, reject }));
    const head = new Promise<Float64Array>((resolve, reject) =>
      slots[0]!.post(
        { id: nextId++, data: input, seed, arena, basisAt, ...first! },
        {
          onTheta: fitted.resolve,
          resolve,
          reject: (error) => {
            fitted.reject(error);
            reject(error);
          },
        },
      ),
    );
    // Reported through `fit` when the worker fails before the fit arrived.
    head.catch(() => undefined);
    const { theta, basis } = await fit;
    const others = rest.map(
      (share, i) =>
        new Promise<Float64Array>((resolve, reject) =>
          slots[i + 1]!.post({ id: nextId++, data: input, seed, theta, basis, ...share }, { resolve, reject }),
        ),
    );
    const samples = await Promise.all([head, ...others]);
    return assembleScope(theta, samples);
  }

  return {
    kind: 'worker',
    run(data, rounds, seed) {
      running++;
      const result = turn.then(() => fitOne(data, rounds, seed)).finally(() => running--);
      turn = result.catch(() => undefined);
      return result;
    },
    pairArrays(n, m) {
      if (running > 0) throw new Error('pair arrays asked for while a fit is running');
      return carvePairs(n, m, true).pairs as PairArrays;
    },
    async close() {
      await Promise.all(slots.map((slot) => slot.close()));
    },
  };
}

/**
 * Rounds [0, rounds) cut into at most `workers` consecutive shares of nearly equal size; at least one
 * share, possibly empty (the full fit still runs). A share is worth a message only with some rounds.
 */
export function splitRounds(rounds: number, workers: number): { from: number; to: number }[] {
  const count = Math.max(1, Math.min(workers, rounds));
  return Array.from({ length: count }, (_, i) => ({
    from: Math.floor((i * rounds) / count),
    to: Math.floor(((i + 1) * rounds) / count),
  }));
}
