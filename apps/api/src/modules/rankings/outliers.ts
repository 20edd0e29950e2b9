import type { RankingRepository } from './repository.ts';

/** Only voters with at least this many decisive votes are judged (docs/ranking.md §6). */
export const OUTLIER_MIN_VOTES = 5;
/**
 * A network is judged once its visitors cast this many decisive votes. More than a voter's 5: a network mixes
 * several people, and a larger sample keeps the normal approximation sound for the sum of their picks.
 */
export const NETWORK_OUTLIER_MIN_VOTES = 20;
/**
 * A voter is flagged when their picks' log-likelihood under the ranking lies this many standard
 * deviations below what an honest voter with the same pairs would score. −4 keeps false alarms near
 * 3 in 100 000 honest voters (normal approximation). Networks use the same bar.
 */
export const OUTLIER_Z = -4;

/**
 * After a global fit, test each voter's decisive votes against the BT probabilities (after Chatbot
 * Arena's outlier_detect): z = (Σ log p(pick) − E) / √Var, where for each vote with p = σ(Δ),
 * E = p·log p + (1−p)·log(1−p) and Var = p(1−p)·logit(p)². Voters beyond OUTLIER_Z get a flag and
 * their votes are marked invalid (never deleted); a moderator's restore clears them for good.
 *
 * Then the same test over each network's visitor votes taken together (docs/ranking.md §6): a stuffer who
 * mints a fresh visitor id every few votes never reaches OUTLIER_MIN_VOTES as any one voter, but their
 * votes still come from one /24 or /64. Honest visitors sharing a network sum to an honest-looking z.
 * With `sinceVoteId`, only voters and networks with a vote newer than it are judged (on all their votes):
 * the others were judged after an earlier fit, and rejudging ten million votes every run would cost the
 * job its time budget. Returns how many voters and networks were flagged.
 */
export async function flagOutliers(
  repository: RankingRepository,
  globalFitId: number,
  sinceVoteId: number | null = null,
): Promise<number> {
  const voters = await repository.outlierSuspects(globalFitId, OUTLIER_MIN_VOTES, OUTLIER_Z, 'voter', sinceVoteId);
  if (voters.length > 0) await repository.flagOutliers(voters);
  // After the voters, so a network is judged on the votes that still count.
  const networks = await repository.outlierSuspects(
    globalFitId,
    NETWORK_OUTLIER_MIN_VOTES,
    OUTLIER_Z,
    'network',
    sinceVoteId,
  );
  if (networks.length > 0) await repository.flagOutliers(networks);
  return voters.length + networks.length;
}
