import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PairData } from './bradley-terry/index.ts';
import { type ScopeFit, fitScope } from './fit-scope.ts';

export interface FitExecutor {
  readonly kind: 'worker' | 'inline';
  /** Fits one scope. The worker executor takes `data`'s buffers over: do not read them afterwards. */
  run(data: PairData, rounds: number, seed: number): Promise<ScopeFit>;
  close(): Promise<void>;
}

/**
 * Fits run in one worker thread so requests never wait behind a bootstrap (docs/docs/performance.md: duel p99
 * during a fit ≤ 1.5 × idle). The worker file exists in the built server (dist/fit-worker.js); from
 * sources (tests, `tsx`) the fit runs inline, which is fine for their small catalogues.
 */
export function createFitExecutor(workerUrl = new URL('./fit-worker.js', import.meta.url)): FitExecutor {
  return existsSync(fileURLToPath(workerUrl)) ? workerExecutor(workerUrl) : inlineExecutor();
}

function inlineExecutor(): FitExecutor {
  return { kind: 'inline', run: async (data, rounds, seed) => fitScope(data, rounds, seed), close: async () => {} };
}

function workerExecutor(url: URL): FitExecutor {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (r: ScopeFit) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    worker = null;
  };
  const start = () => {
    const w = new Worker(url);
    w.unref();
    w.on('message', (msg: { id: number; result?: ScopeFit; error?: string }) => {
      const entry = waiting.get(msg.id);
      if (!entry) return;
      waiting.delete(msg.id);
      if (msg.result) entry.resolve(msg.result);
      else entry.reject(new Error(msg.error ?? 'fit failed'));
    });
    // A crashed worker fails its jobs; the next job starts a new one.
    w.on('error', failAll);
    w.on('exit', (code) => failAll(new Error(`fit worker exited with code ${code}`)));
    return w;
  };

  return {
    kind: 'worker',
    run(data, rounds, seed) {
      worker ??= start();
      const id = nextId++;
      return new Promise<ScopeFit>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // The pair arrays move to the worker rather than being copied: at two million pairs a copy
        // is 64 MB more at the job's peak, and the caller does not read them again.
        const buffers = [data.a, data.b, data.winsA, data.winsB, data.ties]
          .filter((x) => x !== undefined)
          .map((x) => x.buffer as ArrayBuffer);
        worker!.postMessage({ id, data, rounds, seed }, [...new Set(buffers)]);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
