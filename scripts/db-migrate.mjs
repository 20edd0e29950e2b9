// `npm run db:migrate`: applies the migrations in apps/api/drizzle to DATABASE_URL (or, without it, to the
// embedded database in DATA_DIR) under the migration lock, and exits: 0 when the schema is current. Builds
// the API first when apps/api/dist/migrate.js is missing; the migrations themselves are read from
// apps/api/drizzle at run time, never bundled. The container image runs `node apps/api/dist/migrate.js`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/api/dist/migrate.js')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@manto/api'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../apps/api/dist/migrate.js');
