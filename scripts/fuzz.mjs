// `npm run fuzz`: the fuzz suite (apps/api/src/fuzz.int.test.ts) with more runs and a random seed,
// printed first so a failure can be replayed: FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npm run fuzz.
// Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (docs/security.md item 15): the full
// tier (MANTO_TEST_TIER=full), where both legs run every integration file, fuzz included.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seed = process.env.FUZZ_SEED || String(randomInt(2 ** 31));
const runs = process.env.FUZZ_RUNS || '300';
const projects = ['api-pglite', ...(process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])];
const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`;

console.log(`fuzz: seed ${seed}, ${runs} runs per operation, on ${projects.join(' and ')}`);
console.log(`fuzz: replay with  ${replay}\n`);
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), 'apps/api/src/fuzz.int.test.ts'];
const env = { ...process.env, MANTO_TEST_TIER: 'full', FUZZ_SEED: seed, FUZZ_RUNS: runs };
const result = spawnSync('npx', args, { stdio: 'inherit', env });
if (result.status !== 0) console.log(`\nfuzz: failed — replay with  ${replay}`);
process.exit(result.status ?? 1);
