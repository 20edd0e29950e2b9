// Worker-thread entry (bundled to dist/fit-worker.js): runs fits off the API's event loop.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type BootstrapBasis, type PairData, Workspace, bootstrapBasis, sharedArrays } from './bradley-terry/index.ts';
import { fitFull, scopeRounds } from './fit-scope.ts';

/**
 * The fit is background work: on Linux this thread lowers its own scheduling priority (a thread is a task
 * there, and /proc/thread-self names its id), so on a busy machine requests, which run on the main thread,
 * get the cores first and their latency holds while a fit runs (docs/performance.md). Elsewhere, or where
 * the system refuses, the worker keeps the process's priority.
 */
function yieldToRequests() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: nothing to lower.
  }
}
yieldToRequests();

/**
 * One share of a scope's fit. Without `theta` the worker first does the full fit and posts it at once,
 * with, when `shareBasis` is set, the bootstrap's basis built in shared memory, so the executor can hand
 * the other rounds to the other workers with both; then it does rounds [from, to).
 */
export interface ShareRequest {
  id: number;
  data: PairData;
  seed: number;
  from: number;
  to: number;
  theta?: Float64Array;
  basis?: BootstrapBasis;
  shareBasis?: boolean;
}

export type ShareReply =
  | { id: number; theta: Float64Array; basis?: BootstrapBasis }
  | { id: number; samples: Float64Array }
  | { id: number; error: string };

/** The bootstrap's buffers, kept from one share to the next (see Workspace). */
const workspace = new Workspace();

const reply = (message: ShareReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

parentPort!.on('message', (job: ShareRequest) => {
  try {
    let { theta, basis } = job;
    if (!theta) {
      theta = fitFull(job.data);
      if (job.shareBasis) basis = bootstrapBasis(job.data, theta, workspace, sharedArrays);
      reply({ id: job.id, theta, basis }); // theta is a copy, the basis shared: only the samples are transferred
    }
    const samples =
      job.to > job.from
        ? scopeRounds(job.data, theta, job.seed, job.from, job.to, workspace, basis)
        : new Float64Array(0);
    reply({ id: job.id, samples }, [samples.buffer as ArrayBuffer]);
  } catch (error) {
    reply({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
