/**
 * Ranking scopes (docs/ranking.md §4) as keys: 'global', 'team:<teamId>', 'team:<teamId>:model:<modelId>'.
 * A duel is drawn in one scope, but a vote counts in every scope that holds both of its jerseys.
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

export function parseScope(key: string): { teamId: string | null; modelId: string | null } {
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
