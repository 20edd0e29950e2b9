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
  /** The segment rankings shown now (fanbases, countries, states). */
  segments: () => [...ratingKeys.all, 'segments'] as const,
};

/**
 * Tournaments: their list, pages and each jersey's tournaments. A Sistema edit or an early round close
 * invalidates `all`, so the public pages show it at once.
 */
export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (params: { status: string; page: number }) => [...tournamentKeys.all, 'list', params] as const,
  detail: (slug: string) => [...tournamentKeys.all, 'detail', slug] as const,
  jersey: (jerseyId: string) => [...tournamentKeys.all, 'jersey', jerseyId] as const,
};

/** Feedback: a sender's own list (profile); sending one refreshes it. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: (page: number) => [...feedbackKeys.all, 'mine', page] as const,
};

/** The signed-in member's profile: defined in lib/, because the API client itself reloads it. */
export { meKeys } from '#lib/me-keys.ts';

/**
 * The shop's public pages. Product names and descriptions come in the request's language, so every key
 * carries it: switching language fetches the other texts instead of showing the cached ones.
 */
export const shopKeys = {
  all: ['shop'] as const,
  list: (lang: string, params: object) => [...shopKeys.all, lang, 'list', params] as const,
  filters: () => [...shopKeys.all, 'filters'] as const,
  product: (lang: string, slug: string) => [...shopKeys.all, lang, 'product', slug] as const,
  jerseyOffer: (lang: string, jerseyId: string) => [...shopKeys.all, lang, 'jersey', jerseyId] as const,
};

/**
 * "Minha coleção" (ADR 0042): the signed-in member's lists (the jersey page's buttons and the profile share
 * them, so a change on one shows on the other) and public collections by link. Signing out clears them.
 */
export const collectionKeys = {
  all: ['collection'] as const,
  mine: () => [...collectionKeys.all, 'mine'] as const,
  shared: (shareId: string) => [...collectionKeys.all, 'shared', shareId] as const,
};
