import type { TeamListParams, TeamSearchParams } from './teams.ts';

/**
 * Keys of every cache that shows catalogue data (team names, crests, jersey counts, models,
 * suppliers), from general to specific. A Sistema edit invalidates `all`, so no screen keeps
 * showing what was just changed.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  /** Every list of teams: the catalogue's and the duel chooser's, the rankings', the team select. */
  teams: () => [...catalogueKeys.all, 'teams'] as const,
  teamList: (params: TeamListParams) => [...catalogueKeys.teams(), 'list', params] as const,
  teamRankings: (params: TeamSearchParams) => [...catalogueKeys.teams(), 'rankings', params] as const,
  teamOptions: () => [...catalogueKeys.teams(), 'options'] as const,
  /** What one team's screens read: its jerseys, a jersey, its duel scope. */
  team: (teamSlug: string) => [...catalogueKeys.all, 'team', teamSlug] as const,
};

/** Ratings move with every fit, not with catalogue edits: their own root. */
export const ratingKeys = {
  all: ['ratings'] as const,
  jersey: (jerseyId: string) => [...ratingKeys.all, 'jersey', jerseyId] as const,
};
