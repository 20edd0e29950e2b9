import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and web tests run once. API integration tests (*.int.test.ts) run on two database legs:
 *
 * - The full leg runs every integration file: PostgreSQL when TEST_DATABASE_URL is set (production's
 *   database, and the only one with several connections, so the only place real concurrency, row locks,
 *   lease races and two-process tests happen); embedded PGlite otherwise, so a developer without
 *   PostgreSQL still runs everything.
 * - With PostgreSQL full, PGlite (the default embedded database) runs the subset below: the files whose
 *   SQL or driver could behave differently there. `MANTO_TEST_TIER=full` (npm run test:full) runs both
 *   legs in full.
 */
const tier = process.env.MANTO_TEST_TIER === 'full' ? 'full' : 'ci';
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const INTEGRATION = 'apps/api/**/*.int.test.ts';

/**
 * The PGlite subset when PostgreSQL runs in full: the files whose SQL or driver could behave differently
 * on the embedded engine. What stays out talks to the database through query-builder reads and writes
 * both engines answer alike, or tests concurrency that only PostgreSQL has (row locks, leases between
 * processes); it runs on PGlite too in `npm run test:full`, as does the demo seed (slow on PGlite, plain
 * inserts) and the fuzz suite (`npm run fuzz` runs it on both legs).
 */
export const PGLITE_SUBSET = [
  // The drivers: prepared statements, how each returns rows, counts and timestamps.
  'apps/api/src/db/prepared.int.test.ts',
  // The vote statement (vote row, Elo deltas, pair tally and daily count in one SQL statement), its
  // batches and its invariants.
  'apps/api/src/modules/duels/duels.int.test.ts',
  'apps/api/src/modules/duels/votes-batch.int.test.ts',
  'apps/api/src/modules/duels/votes-invariants.int.test.ts',
  // Rankings: the repository's raw SQL (snapshots, entries, segment membership) and the fit job.
  'apps/api/src/modules/rankings/rankings.int.test.ts',
  'apps/api/src/modules/rankings/job.int.test.ts',
  'apps/api/src/modules/rankings/segments.int.test.ts',
  // The streamed votes export, whose chunking differs on PGlite (app.ts).
  'apps/api/src/modules/votes/votes-export.int.test.ts',
  // A voter's own ranking and the visitor votes a member keeps: the voter's votes read by account or by id.
  'apps/api/src/modules/votes/my-ranking.int.test.ts',
  // The notification job's raw SQL (events by cursor and by key, the day's limit, digests claimed in a transaction).
  'apps/api/src/modules/notifications/notifications.int.test.ts',
  // Outbox claims and mail requests taken in a transaction.
  'apps/api/src/modules/mail/mail.int.test.ts',
  // A database gone from under the app: each driver fails in its own way, readiness must say so.
  'apps/api/src/modules/health/health.int.test.ts',
  // The collection's upsert (a target that resets the price mark) and the price detector's locked read (ADR 0042).
  'apps/api/src/modules/collection/collection.int.test.ts',
  // The search's ranking on a fixed catalogue: a goal on both engines (docs/decisions/0041-search.md).
  'apps/api/src/modules/search/search.int.test.ts',
  // The real server process on embedded PGlite, migrated from scratch (skipped on the PostgreSQL leg).
  'apps/api/src/server.int.test.ts',
];

/**
 * Safety nets for a loaded machine, never a judgement of speed (no test asserts how long it took): under
 * load Vitest's default 5 s failed jsdom screens and bootstrap fits that take half a second when quiet.
 */
const patience = { testTimeout: 120_000, hookTimeout: 120_000 };

const integration = (name: string, db: string, include: string[]) => ({
  test: {
    name,
    include,
    environment: 'node',
    env: { TEST_DB: db },
    // Each leg starts its apps from one migrated template instead of migrating a fresh database each.
    globalSetup: [db === 'pglite' ? 'apps/api/test/pglite-template.ts' : 'apps/api/test/postgres-template.ts'],
    // The packages load once per worker instead of once per file; the setup file gives each file fresh app modules.
    setupFiles: ['apps/api/test/file-setup.ts'],
    isolate: false,
    ...patience,
  },
});

const pgliteFull = !hasPostgres || tier === 'full';

export default defineConfig({
  test: {
    // Vitest's default leaves one core free: one worker on a 2-core machine. The integration files
    // wait on the database and on mail and OIDC servers most of their time, and two workers there
    // take the whole run from 15 to 10 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/api/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          ...patience,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.node.test.{ts,tsx}', '**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/lib/testing/dom-setup.ts'],
          // One jsdom and one load of React and Mantine per worker instead of per file (a fifth of the time);
          // the setup file gives each file fresh app modules and a blank page.
          isolate: false,
          ...patience,
        },
      },
      {
        test: {
          // The web app as the server draws its public pages: Node, no document (entry-server.tsx).
          name: 'web-server',
          include: ['apps/web/src/**/*.node.test.{ts,tsx}'],
          environment: 'node',
          ...patience,
        },
      },
      integration('api-pglite', 'pglite', pgliteFull ? [INTEGRATION] : PGLITE_SUBSET),
      ...(hasPostgres ? [integration('api-postgres', 'postgres', [INTEGRATION])] : []),
    ],
  },
});
