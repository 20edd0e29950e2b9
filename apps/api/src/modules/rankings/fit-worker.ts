// Worker-thread entry (bundled to dist/fit-worker.js): runs fits off the API's event loop.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { PairData } from './bradley-terry/index.ts';
import { fitScope } from './fit-scope.ts';

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

parentPort!.on('message', (job: { id: number; data: PairData; rounds: number; seed: number }) => {
  try {
    const result = fitScope(job.data, job.rounds, job.seed);
    parentPort!.postMessage({ id: job.id, result }, [
      result.score.buffer,
      result.lower.buffer,
      result.upper.buffer,
      result.rankUb.buffer,
    ] as ArrayBuffer[]);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
