import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * For background jobs (the ranking job's reads of every pair or voter): on PostgreSQL a separate pool of
   * two connections with long timeouts, so a job never takes the requests' connections and a scan that
   * grows with the votes is not cut at the requests' 10 s; on PGlite the one database.
   */
  background: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool: open connections, idle ones and queries waiting for one (absent on PGlite). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The migrations folder sits beside src/ and dist/ in apps/api. */
export const migrationsFolder = path.resolve(
  import.meta.dirname,
  import.meta.dirname.endsWith('db') ? '../../drizzle' : '../drizzle',
);

/**
 * Opens the database and applies migrations. `url` null → embedded PGlite in `pgliteDir`
 * ('memory://' for tests), started from `pgliteTemplate` (a dumped data directory) when given:
 * loading one takes under a second where a fresh initdb takes several; otherwise a pooled
 * PostgreSQL connection with timeouts, migrated under an advisory lock first (migratePostgres).
 */
export async function openDatabase(opts: {
  url: string | null;
  pgliteDir: string;
  pgliteTemplate?: Blob;
  log: Logger;
}): Promise<Database> {
  if (opts.url === null) {
    if (opts.pgliteDir !== 'memory://') mkdirSync(opts.pgliteDir, { recursive: true });
    const client = await PGlite.create({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteTemplate });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      background: db as unknown as Db,
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    };
  }
  // Under the migration lock: processes starting together on one database migrate it one at a time.
  await migratePostgres(opts.url);
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: 20,
    // A burst (a flood of requests, a slow moment) waits this long for a connection before a 503.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    query_timeout: 15_000,
  });
  const jobs = new pg.Pool({
    connectionString: opts.url,
    max: 2,
    connectionTimeoutMillis: 60_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 600_000,
  });
  // An idle client's error (e.g. the server restarted) must not crash the process.
  for (const p of [pool, jobs]) p.on('error', (err) => opts.log.warn({ err }, 'idle database connection failed'));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    background: drizzlePg(jobs, { schema }) as unknown as Db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await Promise.all([pool.end(), jobs.end()]);
    },
  };
}

/**
 * The session advisory lock every process holds while it migrates a PostgreSQL database (two 32-bit keys:
 * 'mant' in ASCII, then 1). Drizzle's migrator takes no lock of its own: two processes starting together on
 * an empty database both read an empty migrations table and both ran every migration, and the slower one
 * failed ('relation already exists') or, on a later migration, could apply it twice.
 */
export const MIGRATION_LOCK = [0x6d616e74, 1] as const;

/**
 * Applies the migrations in `migrationsFolder` to the PostgreSQL database at `url` and returns how many were
 * new and how many are recorded in all. Holds MIGRATION_LOCK on a connection of its own for the whole run, so
 * processes starting together wait for each other, and the later ones find nothing left to apply. That
 * connection has no statement timeout (a migration of a large table may take minutes); ending it releases the
 * lock, also when a migration fails. `npm run db:migrate` (src/migrate.ts) and every server start run this.
 */
export async function migratePostgres(url: string): Promise<{ applied: number; total: number }> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost mid-run fails the query in progress; the event must not crash the process as well.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    const recorded = async () => {
      const table = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
      if (!table.rows[0].found) return 0;
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      return rows[0]!.n;
    };
    const before = await recorded();
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    const total = await recorded();
    return { applied: total - before, total };
  } finally {
    await client.end();
  }
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A statement whose text never changes, only its parameters (`build`'s arguments, texts such as JSON, in the
 * order the text uses them), prepared: parsed and planned once per connection, then only executed (for a
 * long statement the planning was a third of its time; docs/decisions/0019-vote-path.md), and turned into
 * text once in this process (a twentieth of a vote's time). On PostgreSQL a named statement of the protocol;
 * on PGlite, whose API has none, a session's `prepare` run once, then `execute` with the values quoted. In a
 * transaction it runs as `queryRows` does. `name` must be this statement's alone (an SQL identifier).
 */
export function prepared<T, A extends string[]>(name: string, build: (...values: A) => SQL) {
  let text: string | null = null;
  /** The PGlite databases this statement is prepared in (one session each). */
  const preparedIn = new WeakSet<PGlite>();
  return async (db: Db, ...values: A): Promise<T[]> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof pg.Pool) && !(client instanceof PGlite)) return queryRows<T>(db, build(...values));
    if (text === null) {
      const query = dialect.sqlToQuery(build(...values));
      // Reused for other values only if they are its only parameters: a constant in the text must be raw.
      if (query.params.length !== values.length || query.params.some((p, i) => p !== values[i]))
        throw new Error(`prepared statement ${name}: its parameters must be exactly its arguments`);
      text = query.sql;
    }
    if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
    if (!preparedIn.has(client)) {
      await client.exec(`prepare ${name} as ${text}`);
      preparedIn.add(client);
    }
    const [result] = await client.exec(`execute ${name}(${values.map(quoted).join(', ')})`);
    return (result?.rows ?? []) as T[];
  };
}

/** A text as an SQL literal: quotes doubled is all it takes, as standard_conforming_strings is on. */
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
