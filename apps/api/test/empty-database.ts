import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database `<prefix>_<random>` on the PostgreSQL server of `base` (a URL); `drop` removes it. */
export async function createPostgresDatabase(
  base: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await run(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(base, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server (not a copy of the run's migrated template,
 * as createTestApp's are): for tests of what happens before the schema exists. `drop` removes it.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for an empty PostgreSQL database');
  const { url, drop } = await createPostgresDatabase(base, 'manto_empty');
  return { url, drop };
}
