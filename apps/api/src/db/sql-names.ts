import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A column's bare quoted name, for the places raw SQL cannot take the table-qualified form that
 * interpolating a column gives: INSERT column lists, ON CONFLICT targets, SET targets, and columns read
 * through an alias or a CTE. Raw statements name tables and columns through the schema objects so a
 * rename in db/schema reaches them too.
 */
export function col(column: PgColumn): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** Several bare column names, comma-separated: `(${cols(t.a, t.b)})`. */
export function cols(...columns: PgColumn[]): SQL {
  return sql.join(columns.map(col), sql`, `);
}
