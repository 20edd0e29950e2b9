// `npm run test:full`: everything before a release, one step after another, each timed. Beyond `npm test`:
// both database legs in full (MANTO_TEST_TIER=full, vitest.config.ts) with the load tests at full volume,
// the large fuzz run (300 per operation, random seed), the journeys on PGlite as well, the screenshots and
// the drills. Set TEST_DATABASE_URL for the PostgreSQL leg (without it everything runs on PGlite, once).
// The Playwright project of the screenshots can be named with SCREENSHOTS_PROJECT.
import { spawnSync } from 'node:child_process';

const PLAYWRIGHT = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'];
const steps = [
  ['check', ['npm', 'run', 'check']],
  ['vitest, both legs in full', ['npx', 'vitest', 'run'], { MANTO_TEST_TIER: 'full' }],
  ['fuzz, 300 runs per operation', ['npm', 'run', 'fuzz']],
  ['build', ['npm', 'run', 'build']],
  ['playwright', ['npx', ...PLAYWRIGHT]],
  // npm test's journeys run on PostgreSQL when TEST_DATABASE_URL is set; here they run on PGlite too.
  ['playwright on PGlite', ['npx', ...PLAYWRIGHT], { E2E_DATABASE_URL: '' }],
  [
    'screenshots',
    ['npx', ...PLAYWRIGHT, '--project', process.env.SCREENSHOTS_PROJECT ?? 'screenshots'],
    { SCREENSHOTS: '1' },
  ],
  ['drills', ['npm', 'run', 'drill']],
];

const times = [];
for (const [name, [command, ...args], env = {}] of steps) {
  console.log(`\ntest:full: ${name}: ${[command, ...args].join(' ')}`);
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.push(`  ${name.padEnd(32)} ${(seconds / 60).toFixed(1)} min`);
  if (result.status !== 0) {
    console.log(`\ntest:full: ${name} failed (exit ${result.status})\n${times.join('\n')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\ntest:full: all green\n${times.join('\n')}`);
