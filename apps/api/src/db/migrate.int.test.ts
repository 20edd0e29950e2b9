/**
 * Processes starting together on one empty PostgreSQL database (replicas of a deployment, or the migration
 * step beside a server) must migrate it once: migratePostgres holds an advisory lock for the whole run, so
 * the second waits and then finds nothing to apply. Without the lock both read an empty migrations table and
 * ran every migration (the slower failed on 'already exists'). Each test creates and drops a fresh, empty
 * database (not the run's migrated template). PostgreSQL only: PGlite is one process by construction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '#test/empty-database.ts';
import { onPostgres } from '#test/server-process.ts';
import { MIGRATION_LOCK, type Db, migratePostgres, migrationsFolder } from './client.ts';
import * as schema from './schema/index.ts';
import { ensureAdmin } from './seed/index.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function onDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('migrations on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ url, drop } = await emptyPostgresDatabase());
  });

  afterEach(() => drop());

  it('two migrations started at once on an empty database both succeed, and each migration is applied once', async () => {
    const results = await Promise.all([migratePostgres(url), migratePostgres(url)]);

    const all = journal.entries.length;
    // One run applied everything; the other waited for the lock and found nothing left.
    expect(results.map((r) => r.applied).sort((a, b) => a - b)).toEqual([0, all]);
    expect(results.map((r) => r.total)).toEqual([all, all]);
    await onDatabase(url, async (c) => {
      const { rows } = await c.query<{ n: number; hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ n: all, hashes: all });
      // The schema is there.
      const votes = await c.query(`select to_regclass('public.votes') is not null as found`);
      expect(votes.rows[0].found).toBe(true);
      // No session still holds the lock once both have returned.
      const held = await c.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2`,
        [...MIGRATION_LOCK],
      );
      expect(held.rows[0].n).toBe(0);
    });
    // A later run (the next deployment's step, a restart) applies nothing.
    expect(await migratePostgres(url)).toEqual({ applied: 0, total: all });
  });

  it('a migration waits while another session holds the lock, and goes on once it is released', async () => {
    await onDatabase(url, async (holder) => {
      await holder.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
      let done = false;
      const run = migratePostgres(url).then((r) => ((done = true), r));
      // Wait until the migration's session is seen waiting on the lock: no timing assumption.
      for (;;) {
        const { rows } = await holder.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = $1`,
          [MIGRATION_LOCK[0]],
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(done).toBe(false);
      await holder.query('select pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
      expect((await run).applied).toBe(journal.entries.length);
    });
  });

  it('two processes ensuring the configured admin at once leave one confirmed Admin', async () => {
    await migratePostgres(url);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    try {
      const db = drizzle(pool, { schema }) as unknown as Db;
      const log = pino({ level: 'silent' });
      const admin = { email: 'Ops@Manto.test', password: 'camisa-dez-1970' };
      await Promise.all([ensureAdmin(db, admin, log), ensureAdmin(db, admin, log), ensureAdmin(db, admin, log)]);
      const { rows } = await pool.query(
        `select roles, confirmed_at is not null as confirmed, active from users where lower(email) = 'ops@manto.test'`,
      );
      expect(rows).toEqual([{ roles: ['Admin'], confirmed: true, active: true }]);
    } finally {
      await pool.end();
    }
  });
});
