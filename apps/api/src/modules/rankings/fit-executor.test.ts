import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '#lib/rng.ts';
import { type PairData, aggregate } from './bradley-terry/index.ts';
import { type FitExecutor, createFitExecutor, splitRounds } from './fit-executor.ts';
import { type ScopeFit, fitScope } from './fit-scope.ts';

/** Seeds the test worker dies on: the worker that does the full fit, or one that gets only rounds. */
const CRASH_HEAD = 101;
const CRASH_HELPER = 102;

let dir: string;
let workerUrl: URL;
let crashingUrl: URL;

beforeAll(async () => {
  // The real worker, bundled as `npm run build` does; and a wrapper around it that exits on the crash seeds
  // before the worker sees the job, as a worker killed by a fault (e.g. out of memory) would.
  dir = mkdtempSync(join(tmpdir(), 'manto-fit-worker-'));
  await build({
    entryPoints: { 'fit-worker': new URL('./fit-worker.ts', import.meta.url).pathname },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  writeFileSync(
    join(dir, 'crashing.mjs'),
    `import { parentPort } from 'node:worker_threads';
// The worker's own message handler, behind a check that exits on the crash seeds.
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, handler) =>
  on(event, (job) => {
    if (job.seed === ${CRASH_HEAD} && !job.theta) process.exit(7);
    if (job.seed === ${CRASH_HELPER} && job.theta) process.exit(8);
    handler(job);
  });
await import('./fit-worker.js');
`,
  );
  workerUrl = pathToFileURL(join(dir, 'fit-worker.js'));
  crashingUrl = pathToFileURL(join(dir, 'crashing.mjs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 30 jerseys, 3 000 votes with ties; a fresh copy each call (the worker executor takes the buffers over). */
function sample(): PairData {
  const rng = new Rng(12);
  const n = 30;
  const strength = Array.from({ length: n }, () => 2 * rng.next() - 1);
  const votes = Array.from({ length: 3000 }, () => {
    const left = Math.floor(rng.next() * n);
    const right = (left + 1 + Math.floor(rng.next() * (n - 1))) % n;
    const u = rng.next();
    const pLeft = 1 / (1 + Math.exp(strength[right]! - strength[left]!));
    return { left, right, outcome: u < 0.1 ? 'tie' : rng.next() < pLeft ? 'left' : 'right' } as const;
  });
  return aggregate(n, votes);
}

/** The sample's first `count` pairs: fewer pairs and votes, on the same jerseys. */
function firstPairs(count: number): PairData {
  const data = sample();
  return {
    n: data.n,
    a: data.a.slice(0, count),
    b: data.b.slice(0, count),
    winsA: data.winsA.slice(0, count),
    winsB: data.winsB.slice(0, count),
    ties: data.ties!.slice(0, count),
  };
}

const plain = (fit: ScopeFit) => ({
  score: Array.from(fit.score),
  lower: Array.from(fit.lower),
  upper: Array.from(fit.upper),
  rankUb: Array.from(fit.rankUb),
});

async function withExecutor<T>(url: URL, workers: number, use: (executor: FitExecutor) => Promise<T>): Promise<T> {
  const executor = createFitExecutor(url, workers);
  try {
    return await use(executor);
  } finally {
    await executor.close();
  }
}

describe('the fit executor', () => {
  it('gives the same fit, to the last bit, inline and with 1, 2 or 3 workers', async () => {
    const expected = plain(fitScope(sample(), 45, 9));
    // A real bootstrap: the intervals have width, and differ from a run with another seed.
    expect(expected.upper[0]! - expected.lower[0]!).toBeGreaterThan(1);
    expect(plain(fitScope(sample(), 45, 10)).lower).not.toEqual(expected.lower);
    for (const workers of [1, 2, 3]) {
      const fit = await withExecutor(workerUrl, workers, async (executor) => {
        expect(executor.kind).toBe('worker');
        return executor.run(sample(), 45, 9);
      });
      expect(plain(fit)).toEqual(expected);
    }
  });

  it('gives each scope its own fit when the workers go from one scope to another', async () => {
    const other = () => firstPairs(200);
    const expected = [
      plain(fitScope(sample(), 30, 1)),
      plain(fitScope(other(), 30, 2)),
      plain(fitScope(sample(), 30, 3)),
    ];
    const fits = await withExecutor(workerUrl, 2, async (executor) => [
      plain(await executor.run(sample(), 30, 1)),
      plain(await executor.run(other(), 30, 2)),
      plain(await executor.run(sample(), 30, 3)),
    ]);
    expect(fits).toEqual(expected);
  });

  it('gives each fit asked for at once its own answer, the shared buffer taking them in turn', async () => {
    const small = () => firstPairs(50);
    const expected = [
      plain(fitScope(small(), 20, 4)),
      plain(fitScope(sample(), 20, 5)),
      plain(fitScope(small(), 20, 6)),
    ];
    const fits = await withExecutor(workerUrl, 2, (executor) =>
      Promise.all([executor.run(small(), 20, 4), executor.run(sample(), 20, 5), executor.run(small(), 20, 6)]),
    );
    expect(fits.map(plain)).toEqual(expected);
  });

  it('fits pairs written in place into its pair arrays like a copy, and hands none out while fitting', async () => {
    const expected = plain(fitScope(sample(), 25, 8));
    const fit = await withExecutor(workerUrl, 2, async (executor) => {
      const data = sample();
      const arrays = executor.pairArrays!(data.n, data.a.length);
      expect(arrays.a.buffer).toBeInstanceOf(SharedArrayBuffer);
      for (const key of ['a', 'b', 'winsA', 'winsB', 'ties'] as const) arrays[key].set(data[key]!);
      const running = executor.run(arrays, 25, 8);
      expect(() => executor.pairArrays!(data.n, 10)).toThrow('while a fit is running');
      return running;
    });
    expect(plain(fit)).toEqual(expected);
  });

  it('fits a scope without votes: every interval is its point', async () => {
    const empty = {
      n: 3,
      a: new Int32Array(0),
      b: new Int32Array(0),
      winsA: new Float32Array(0),
      winsB: new Float32Array(0),
    };
    const fit = await withExecutor(workerUrl, 2, (executor) => executor.run(empty, 100, 1));
    expect(Array.from(fit.score)).toEqual([1000, 1000, 1000]);
    expect(Array.from(fit.lower)).toEqual(Array.from(fit.score));
    expect(Array.from(fit.upper)).toEqual(Array.from(fit.score));
    expect(Array.from(fit.rankUb)).toEqual([1, 1, 1]);
  });

  it('fails the jobs of a crashed worker and starts a new one for the next job', async () => {
    const expected = plain(fitScope(sample(), 20, 5));
    await withExecutor(crashingUrl, 2, async (executor) => {
      // The worker doing the full fit dies: the job fails, and so does nothing else.
      await expect(executor.run(sample(), 20, CRASH_HEAD)).rejects.toThrow('fit worker exited with code 7');
      expect(plain(await executor.run(sample(), 20, 5))).toEqual(expected);
      // A worker with only rounds to do dies: the job fails too; the next one gets both workers back.
      await expect(executor.run(sample(), 20, CRASH_HELPER)).rejects.toThrow('fit worker exited with code 8');
      expect(plain(await executor.run(sample(), 20, 5))).toEqual(expected);
    });
  });

  it('reports a fit that fails in the worker without losing the worker', async () => {
    const bad = {
      n: 2,
      a: Int32Array.of(0),
      b: Int32Array.of(5),
      winsA: Float32Array.of(1),
      winsB: Float32Array.of(0),
    };
    await withExecutor(workerUrl, 2, async (executor) => {
      await expect(executor.run(bad, 10, 1)).rejects.toThrow();
      expect(plain(await executor.run(sample(), 20, 5))).toEqual(plain(fitScope(sample(), 20, 5)));
    });
  });

  it('runs inline when the worker file is missing (sources, tests)', async () => {
    const executor = createFitExecutor(new URL('./no-such-worker.js', import.meta.url), 2);
    expect(executor.kind).toBe('inline');
    expect(plain(await executor.run(sample(), 20, 5))).toEqual(plain(fitScope(sample(), 20, 5)));
  });
});

describe('splitRounds', () => {
  it('cuts the rounds into consecutive shares of nearly equal size', () => {
    expect(splitRounds(100, 2)).toEqual([
      { from: 0, to: 50 },
      { from: 50, to: 100 },
    ]);
    expect(splitRounds(7, 3)).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 4, to: 7 },
    ]);
    // Never more shares than rounds; no rounds (no votes) still gives the full fit's share.
    expect(splitRounds(1, 4)).toEqual([{ from: 0, to: 1 }]);
    expect(splitRounds(0, 2)).toEqual([{ from: 0, to: 0 }]);
  });
});

describe('the number of fit workers', () => {
  it('is 1 to 16', () => {
    for (const bad of [0, 17, 1.5, Number.NaN])
      expect(() => createFitExecutor(workerUrl, bad)).toThrow('fit workers must be an integer from 1 to 16');
  });
});
