import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, queryRows } from '#db/client.ts';

/**
 * The pair tallies the ranking job reads equal a count over the valid, non-skip votes (what
 * `rebuildPairStats` would write), and there is at least one.
 */
export async function expectTalliesMatchVotes(db: Db): Promise<void> {
  const live = await queryRows(
    db,
    sql`select low_id, high_id, low_wins, high_wins, ties from pair_stats
         where low_wins + high_wins + ties > 0 order by 1, 2`,
  );
  const counted = await queryRows(
    db,
    sql`select least(left_id, right_id) as low_id, greatest(left_id, right_id) as high_id,
      count(*) filter (where outcome = 'left' and left_id < right_id or outcome = 'right' and right_id < left_id)::int as low_wins,
      count(*) filter (where outcome = 'left' and left_id > right_id or outcome = 'right' and right_id > left_id)::int as high_wins,
      count(*) filter (where outcome in ('tie', 'both_bad'))::int as ties
      from votes where valid and outcome <> 'skip' group by 1, 2 order by 1, 2`,
  );
  expect(live.length).toBeGreaterThan(0);
  expect(live).toEqual(counted);
}
