import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import { pairStats, votes } from './schema/index.ts';
import { col, cols } from './sql-names.ts';

/** A group of votes (rows with left_id, right_id, outcome) as its pair's tally columns. */
export const TALLY = sql`count(*) filter (where outcome = 'left' and left_id < right_id
                                   or outcome = 'right' and right_id < left_id)::int as low_wins,
                  count(*) filter (where outcome = 'left' and left_id > right_id
                                   or outcome = 'right' and right_id > left_id)::int as high_wins,
                  count(*) filter (where outcome in ('tie', 'both_bad'))::int as ties`;

/**
 * Runs `changed` — an UPDATE of votes that turns their validity and returns their `left_id`, `right_id`
 * and `outcome` — and moves those votes in or out of the pair tallies (`sign` +1 when they now count,
 * −1 when they no longer do) in the same statement. The vote statement adds each counted vote to its
 * pair's tally, so with this the tallies always equal the valid, non-skip votes, and the ranking job
 * reads them instead of rescanning every vote (docs/ranking.md §3). Rows are locked in one order
 * (low, high), like the vote statement's, so concurrent adjustments cannot deadlock.
 * Returns how many votes changed.
 */
export async function changeVoteValidity(db: Db, changed: SQL, sign: 1 | -1): Promise<number> {
  const [lw, hw, ties] = [col(pairStats.lowWins), col(pairStats.highWins), col(pairStats.ties)];
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with c as (${changed}),
      t as (
        select least(left_id, right_id) as low_id, greatest(left_id, right_id) as high_id,
               ${TALLY}
          from c where outcome <> 'skip'
         group by 1, 2),
      u as (
        insert into ${pairStats} as ps (${cols(pairStats.lowId, pairStats.highId, pairStats.lowWins, pairStats.highWins, pairStats.ties)})
        select low_id, high_id, ${sign} * low_wins, ${sign} * high_wins, ${sign} * ties from t
         order by low_id, high_id
        on conflict (${cols(pairStats.lowId, pairStats.highId)}) do update
          set ${lw} = ps.${lw} + excluded.${lw}, ${hw} = ps.${hw} + excluded.${hw},
              ${ties} = ps.${ties} + excluded.${ties}
        returning 1)
      select (select count(*) from c)::int as n, (select count(*) from u)::int as pairs`,
  );
  return row?.n ?? 0;
}

/**
 * Recomputes every pair tally from the votes, in one transaction: for data written straight to the votes
 * table (a bulk load, a test fixture), or to repair the tallies by hand. Rescans every vote: not for the
 * request path or the ranking job.
 */
export async function rebuildPairStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pairStats);
    await tx.execute(
      sql`insert into ${pairStats} (${cols(pairStats.lowId, pairStats.highId, pairStats.lowWins, pairStats.highWins, pairStats.ties)})
          select least(left_id, right_id), greatest(left_id, right_id), ${TALLY}
            from ${votes} where ${votes.valid} and ${votes.outcome} <> 'skip'
           group by 1, 2`,
    );
  });
}
