import type { RankingRepository } from './repository.ts';

/** Only voters with at least this many decisive votes are judged (docs/ranking.md §6). */
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
export async function flagOutliers(repository: RankingRepository, globalFitId: number): Promise<number> {
  const suspects = await repository.outlierSuspects(globalFitId, OUTLIER_MIN_VOTES, OUTLIER_Z);
  if (suspects.length === 0) return 0;
  await repository.flagOutliers(suspects);
  return suspects.length;
}
