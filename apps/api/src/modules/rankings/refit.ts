import { type Vote, aggregate, fit, toEloScale } from './bradley-terry/index.ts';

/** What a refit needs of the snapshot export (`/api/rankings/export?format=json`, contracts' rankingExport). */
export interface ExportedSnapshot {
  lastVoteId: number | null;
  votes: number | null;
  rows: { jersey_id: string; score: number }[];
}

/** What it needs of the votes export (`/api/votes/export?format=json`). */
export interface ExportedVote {
  id: number;
  left_id: string;
  right_id: string;
  outcome: string;
  valid: boolean;
}

/**
 * The refit recipe of docs/ranking.md §7, with the project's own Bradley-Terry engine: the valid, non-skip
 * votes with an id up to the snapshot's watermark between the snapshot's jerseys, fitted as the ranking job
 * fits a scope (jerseys numbered in id order, ties half a win each, the same penalty), scores on the Elo
 * scale rounded as the export prints them. Returns each jersey's score and the votes counted, which equal
 * the snapshot's `votes` when no vote's validity changed since the fit.
 */
export function refitSnapshot(
  snapshot: ExportedSnapshot,
  votes: Iterable<ExportedVote>,
): { votes: number; scores: Map<string, number> } {
  if (snapshot.lastVoteId === null) throw new Error('this snapshot names no vote watermark');
  const ids = snapshot.rows.map((r) => r.jersey_id).sort();
  const position = new Map(ids.map((id, i) => [id, i]));
  const counted: Vote[] = [];
  for (const v of votes) {
    if (v.id > snapshot.lastVoteId || !v.valid || v.outcome === 'skip') continue;
    const left = position.get(v.left_id);
    const right = position.get(v.right_id);
    if (left === undefined || right === undefined) continue;
    counted.push({ left, right, outcome: v.outcome as Vote['outcome'] });
  }
  const scores = new Map<string, number>();
  if (ids.length === 0) return { votes: 0, scores };
  const score = toEloScale(fit(aggregate(ids.length, counted)).theta);
  ids.forEach((id, i) => scores.set(id, Math.round(score[i]! * 10) / 10));
  return { votes: counted.length, scores };
}
