/**
 * Ranking scopes (docs/ranking.md §4) as keys: 'global', 'team:<teamId>', 'team:<teamId>:model:<modelId>';
 * and 'tournament:<id>', the matches of a tournament (docs/tournaments.md §4), which is no ranking of its own.
 * A duel is drawn in one scope, but a vote counts in every ranking scope that holds both of its jerseys.
 */
export const GLOBAL = 'global';

export interface ScopedJersey {
  readonly teamId: string;
  readonly modelId: string;
}

export const teamScope = (teamId: string) => `team:${teamId}`;
export const modelScope = (teamId: string, modelId: string) => `team:${teamId}:model:${modelId}`;

export function scopeKey(teamId: string | null, modelId: string | null): string {
  if (!teamId) return GLOBAL;
  return modelId ? modelScope(teamId, modelId) : teamScope(teamId);
}

const TOURNAMENT_PREFIX = 'tournament:';
export const tournamentScope = (tournamentId: string) => `${TOURNAMENT_PREFIX}${tournamentId}`;

/** The tournament of a 'tournament:<id>' key; null for every other scope. */
export function tournamentOf(key: string): string | null {
  return key.startsWith(TOURNAMENT_PREFIX) ? key.slice(TOURNAMENT_PREFIX.length) : null;
}

/** The team and model of a ranking scope key (none for global and tournament keys). */
export function parseScope(key: string): { teamId: string | null; modelId: string | null } {
  if (tournamentOf(key) !== null) return { teamId: null, modelId: null };
  const parts = key.split(':');
  return { teamId: parts[1] ?? null, modelId: parts[3] ?? null };
}

/** Does the scope hold this jersey? */
export function inScope(key: string, j: ScopedJersey): boolean {
  const { teamId, modelId } = parseScope(key);
  return (!teamId || teamId === j.teamId) && (!modelId || modelId === j.modelId);
}

/** Every scope a vote between these two jerseys counts in, widest first. */
export function countedScopes(a: ScopedJersey, b: ScopedJersey): string[] {
  const scopes = [GLOBAL];
  if (a.teamId === b.teamId) {
    scopes.push(teamScope(a.teamId));
    if (a.modelId === b.modelId) scopes.push(modelScope(a.teamId, a.modelId));
  }
  return scopes;
}
