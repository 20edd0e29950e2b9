import pino from 'pino';
import { ConfigError, loadDatabaseConfig } from '#config.ts';
import { migratePostgres, openDatabase } from '#db/client.ts';

/**
 * `npm run db:migrate` (built as dist/migrate.js; the container's migration step runs that file): applies the
 * migrations in apps/api/drizzle to DATABASE_URL under the migration lock and exits, 0 when the schema is
 * current. Without DATABASE_URL, to the embedded database in DATA_DIR. The server still migrates at start (a
 * no-op after this step), so a deployment that skips it keeps working; with this step first, an upgrade's
 * migrations run once, before any new process starts.
 */
async function main() {
  let config;
  try {
    config = loadDatabaseConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  if (config.databaseUrl) {
    const { applied, total } = await migratePostgres(config.databaseUrl);
    log.info({ database: 'postgres', applied, total }, `migrations applied: ${applied} new, ${total} in all`);
  } else {
    const database = await openDatabase({ url: null, pgliteDir: config.pgliteDir, log });
    await database.close();
    log.info({ database: 'pglite', dir: config.pgliteDir }, 'migrations applied');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
