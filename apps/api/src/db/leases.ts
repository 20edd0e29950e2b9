import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import { jobLeases } from './schema/index.ts';
import { col, cols } from './sql-names.ts';

/**
 * Named leases on `job_leases`: a background job (the ranking fits, the mail sender) runs in one
 * process at a time. A row, not an advisory lock, because PGlite and PostgreSQL both honour it without
 * a dedicated connection; the holder renews it while it works, so a killed process holds it at most
 * `seconds`. Time is the database's, the same for every process; a lease released (or run out) at
 * `now()` is free at once, even to a statement in the same millisecond (PGlite's clock is that coarse).
 */
export async function acquireLease(db: Db, name: string, holder: string, seconds: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into ${jobLeases} (${cols(jobLeases.name, jobLeases.holder, jobLeases.until)})
        values (${name}, ${holder}, now() + make_interval(secs => ${seconds}))
        on conflict (${col(jobLeases.name)}) do update
          set ${col(jobLeases.holder)} = excluded.${col(jobLeases.holder)},
              ${col(jobLeases.until)} = excluded.${col(jobLeases.until)}
        where ${jobLeases.until} <= now() or ${jobLeases.holder} = excluded.${col(jobLeases.holder)}
        returning ${col(jobLeases.holder)}`,
  );
  return rows.length > 0;
}

/** Ends `holder`'s lease at once (a no-op when another process holds it). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .update(jobLeases)
    .set({ until: sql`now()` })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}
