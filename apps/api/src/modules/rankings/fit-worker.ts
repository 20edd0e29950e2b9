// Worker-thread entry (bundled to dist/fit-worker.js): runs fits off the API's event loop.
import { parentPort } from 'node:worker_threads';
import type { PairData } from './bradley-terry/index.ts';
import { fitScope } from './fit-scope.ts';

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
