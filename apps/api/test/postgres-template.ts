// Vitest global setup for the PostgreSQL integration run: one migrated database that every test app's
// fresh database is copied from (CREATE DATABASE … TEMPLATE) instead of running the migrations again.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '#db/client.ts';
import { createPostgresDatabase } from './empty-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test app's database is created from (see createTestApp). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL leg');
  const { name, url, drop } = await createPostgresDatabase(base, 'manto_template');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder });
  } finally {
    // No session may stay on a template while databases are created from it.
    await pool.end();
  }
  project.provide('postgresTemplate', name);
  return drop;
}
