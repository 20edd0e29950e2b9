import { expect } from 'vitest';
import type { ManageTournament, TournamentDetail, TournamentInput } from '@manto/contracts';
import { rankingEntries, rankingFits } from '#db/schema/index.ts';
import type { TestApp } from './helpers.ts';

const HOUR_MS = 3_600_000;

/** A tournament body starting now (by the test clock) over hand-picked jerseys, 24 h rounds. */
export const tournamentBody = (app: TestApp, jerseyIds: string[], change: Partial<TournamentInput> = {}) => ({
  namePt: `Copa ${Math.random().toString(36).slice(2, 8)}`,
  nameEn: 'Jersey Cup',
  size: jerseyIds.length,
  startsAt: new Date(app.clock.now()).toISOString(),
  roundHours: 24,
  pool: { kind: 'hand', jerseyIds },
  ...change,
});

export async function createTournament(
  app: TestApp,
  auth: Record<string, string>,
  body: Record<string, unknown>,
): Promise<ManageTournament> {
  const res = await app.inject({ method: 'POST', url: '/api/manage/tournaments', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function detailOf(app: TestApp, slug: string): Promise<TournamentDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/tournaments/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let fakeFits = 0;

/**
 * A ranking snapshot of `scope` with these scores, as the ranking job would write it. Stamped far in the
 * future, so it stays the latest while the app's own ranking job fits in the background.
 */
export async function scopeScores(app: TestApp, scope: string, scores: { id: string; score: number }[]) {
  fakeFits += 1;
  const [fit] = await app.db
    .insert(rankingFits)
    .values({
      scope,
      fittedAt: new Date(Date.UTC(2200, 0, 1) + fakeFits),
      votes: 0,
      digest: Math.random().toString(36),
      rounds: 1,
      durationMs: 1,
    })
    .returning({ id: rankingFits.id });
  if (scores.length === 0) return;
  await app.db.insert(rankingEntries).values(
    scores.map((s, i) => ({
      fitId: fit!.id,
      jerseyId: s.id,
      rank: i + 1,
      rankUb: i + 1,
      score: s.score,
      lower: s.score - 50,
      upper: s.score + 50,
      wins: 0,
      losses: 0,
      ties: 0,
      provisional: false,
      previousRank: null,
    })),
  );
}

/** A global ranking snapshot with these scores (see scopeScores). */
export const globalScores = (app: TestApp, scores: { id: string; score: number }[]) =>
  scopeScores(app, 'global', scores);

export const hours = (n: number) => n * HOUR_MS;
