import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests run once; API integration tests (*.int.test.ts) run on embedded PGlite and, when
 * TEST_DATABASE_URL is set, again on a real PostgreSQL server.
 */
const integration = (name: string, db: string) => ({
  test: {
    name,
    include: ['apps/api/**/*.int.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // PGlite apps start from one migrated template instead of a fresh initdb each.
    globalSetup: db === 'pglite' ? ['apps/api/test/pglite-template.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
          include: ['packages/**/*.test.ts', 'apps/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/lib/testing/dom-setup.ts'],
        },
      },
      integration('api-pglite', 'pglite'),
      ...(hasPostgres ? [integration('api-postgres', 'postgres')] : []),
    ],
  },
});
