import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#db/client.ts';

/** Only voters with at least this many decisive votes are judged (ranking.md §6). */
export const OUTLIER_MIN_VOTES = 5;
/**
 * A voter is flagged when their picks' log-likelihood under the ranking lies this many standard
 * deviations below what an honest voter with the same pairs would score. −4 keeps false alarms near
 * 3 in 100 000 honest voters (normal approximation).
 */
export const OUTLIER_Z = -4;

/**
 * After a global fit, test each voter's decisive votes against the BT probabilities (after Chatbot
 * Arena's outlier_detect): z = (Σ log p(pick) − E) / √Var, where for each vote with p = σ(Δ),
 * E = p·log p + (1−p)·log(1−p) and Var = p(1−p)·logit(p)². Voters beyond OUTLIER_Z get a flag and
 * their votes are marked invalid (never deleted); a moderator's restore clears them for good.
 * Returns how many voters were flagged.
 */
export async function flagOutliers(db: Db, globalFitId: number): Promise<number> {
  const suspects = await queryRows<{ voter_key: string; n: number; z: number }>(
    db,
    sql`with s as (select jersey_id, score from ranking_entries where fit_id = ${globalFitId}),
      p as (
        select v.voter_key, v.outcome,
               least(greatest(1 / (1 + exp(-(l.score - r.score) * ln(10) / 400)), 1e-9), 1 - 1e-9) as pl
          from votes v
          join s l on l.jersey_id = v.left_id
          join s r on r.jersey_id = v.right_id
         where v.valid and v.outcome in ('left', 'right')
           and v.voter_key not in (select voter_key from voter_flags where restored_at is not null)
      ),
      t as (
        select voter_key, count(*)::int as n,
               sum(ln(case when outcome = 'left' then pl else 1 - pl end)) as ll,
               sum(pl * ln(pl) + (1 - pl) * ln(1 - pl)) as e,
               sum(pl * (1 - pl) * power(ln(pl / (1 - pl)), 2)) as var
          from p group by voter_key having count(*) >= ${OUTLIER_MIN_VOTES}
      )
      select voter_key, n, (ll - e) / sqrt(var) as z from t where var > 0 and (ll - e) / sqrt(var) < ${OUTLIER_Z}`,
  );
  if (suspects.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const s of suspects) {
      await tx.execute(
        sql`insert into voter_flags (voter_key, reason, votes, z_score) values (${s.voter_key}, 'outlier', ${s.n}, ${Number(s.z)})`,
      );
      await tx.execute(
        sql`update votes set valid = false, invalid_reason = 'outlier' where voter_key = ${s.voter_key} and valid`,
      );
    }
  });
  return suspects.length;
}

/**
 * A moderator's restore: the voter's outlier votes count again and the voter is never auto-flagged again.
 * Returns how many votes were restored, or null when there is no such open flag.
 */
export async function restoreFlag(db: Db, flagId: string, moderatorId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ voter_key: string }>(
      tx as unknown as Db,
      sql`update voter_flags set restored_at = now(), restored_by = ${moderatorId}
          where id = ${flagId} and restored_at is null returning voter_key`,
    );
    if (rows.length === 0) return null;
    const restored = await queryRows(
      tx as unknown as Db,
      sql`update votes set valid = true, invalid_reason = null
          where voter_key = ${rows[0]!.voter_key} and invalid_reason = 'outlier' returning id`,
    );
    return restored.length;
  });
}
