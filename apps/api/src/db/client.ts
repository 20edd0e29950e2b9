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
 * PostgreSQL connection with timeouts.
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
  await migratePg(db, { migrationsFolder });
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
