import type { TournamentStatus } from '@manto/contracts';

/**
 * The status, derived and never stored (docs/tournaments.md §2): upcoming before the start, completed once
 * the final is decided, ongoing in between. repository.ts `statusWhere` is the same rule in SQL.
 */
export function statusOf(t: { startsAt: Date; completedAt: Date | null }, now: Date): TournamentStatus {
  if (t.completedAt) return 'completed';
  return now < t.startsAt ? 'upcoming' : 'ongoing';
}

export const HOUR_MS = 3_600_000;
