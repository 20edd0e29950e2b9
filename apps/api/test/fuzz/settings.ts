/**
 * How hard the fuzz suite pushes. `npm test` and `npx vitest` use a fixed seed and a few runs per
 * operation (on the full database leg only, vitest.config.ts): a regression check, every operation, caller
 * kind and unknown-field write still exercised. `npm run fuzz` (scripts/fuzz.mjs, part of
 * `npm run test:full`) picks a random seed, prints it and runs 300 per operation on both legs.
 * To replay a failure: FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npm run fuzz (or the vitest command it prints).
 */
export const DEFAULT_SEED = 20_260_115;
export const DEFAULT_RUNS = 25;

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

export const fuzzSettings = () => ({
  seed: integer('FUZZ_SEED', DEFAULT_SEED),
  runs: integer('FUZZ_RUNS', DEFAULT_RUNS),
});

/** One seed per operation, derived from the run's seed, so each operation replays on its own. */
export function seedFor(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x5bd1e995) | 0;
  return h ^ (h >>> 15);
}
