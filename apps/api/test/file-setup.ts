import { afterAll, vi } from 'vitest';

// The integration files of a worker share one module cache (vitest.config.ts, isolate: false): the packages
// (Fastify, the database drivers, zod) load once; the app's own modules load afresh for each file, and what a
// file stubbed or spied on goes with it.
vi.resetModules();

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
