// Worker-thread entry (bundled to dist/fit-worker.js): runs fits off the API's event loop.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type BootstrapBasis, type PairData, SharedArena, Workspace, bootstrapBasis } from './bradley-terry/index.ts';
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
 * One share of a scope's fit; `data` are views of the pool's shared arena. The head share (no `theta`)
 * first does the full fit and builds the bootstrap's basis into the arena from byte `basisAt`, and posts
 * both at once, so the executor can hand the other shares, with `theta` and `basis`, to the other workers;
 * then every share does its rounds [from, to).
 */
export type ShareRequest = { id: number; data: PairData; seed: number; from: number; to: number } & (
  { arena: SharedArrayBuffer; basisAt: number } | { theta: Float64Array; basis: BootstrapBasis }
);

export type ShareReply =
  | { id: number; theta: Float64Array; basis: BootstrapBasis }
  | { id: number; samples: Float64Array }
  | { id: number; error: string };

/** The bootstrap's buffers, kept from one share to the next (see Workspace). */
const workspace = new Workspace();

const reply = (message: ShareReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

parentPort!.on('message', (job: ShareRequest) => {
  try {
    let theta: Float64Array;
    let basis: BootstrapBasis;
    if ('theta' in job) ({ theta, basis } = job);
    else {
      theta = fitFull(job.data, workspace);
      basis = bootstrapBasis(job.data, theta, workspace, new SharedArena(job.arena, job.basisAt));
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
