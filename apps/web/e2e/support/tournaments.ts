/**
 * Tournaments through the real API as the seeded admin (docs/tournaments.md): create one over jerseys
 * picked by hand, wait for the round job to draw it, vote in its open round and close rounds early.
 *
 *   const t = await createTournament(request, { namePt: 'Copa X', size: 4, jerseyIds });  // starts now
 *   await waitForTournament(request, t.slug, (d) => d.rounds.length === 1);               // drawn
 *   await voteInRound(request, t.slug, visitor(), (l, r) => 'left');
 *   await closeRound(request, t.id, 1);                                                   // the final opens
 */
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import type { ManageTournament, NextDuel, TournamentDetail, VoteOutcome, VoteResult } from '@manto/contracts';
import { adminToken } from './catalogue.ts';
import { lookAt, type Voter } from './rankings.ts';

/**
 * Picks `names` in the open jersey picker of Sistema's tournament form (its search already typed), one at a
 * time: a pick takes its option out of the list (the rest shift up), so each next click waits until the form
 * counts the previous pick, else it can land on the list while it moves and be lost.
 */
export async function pickJerseys(page: Page, names: readonly string[]): Promise<void> {
  for (const [i, name] of names.entries()) {
    await page.getByRole('option', { name, exact: true }).click();
    await expect(page.getByRole('dialog').getByText(`Escolhidas: ${i + 1}.`)).toBeVisible();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface NewTournament {
  namePt: string;
  nameEn?: string;
  descriptionPt?: string;
  descriptionEn?: string;
  coverImageId?: string;
  size: 4 | 8 | 16 | 32 | 64;
  jerseyIds: string[];
  /** Defaults to a second from now: the round job draws it within moments. */
  startsAt?: Date;
  roundHours?: number;
}

async function asAdmin<T>(request: APIRequestContext, path: string, data: unknown, status: number): Promise<T> {
  const token = await adminToken(request);
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== status) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POST /api/manage/tournaments with a hand-picked pool. */
export function createTournament(request: APIRequestContext, t: NewTournament): Promise<ManageTournament> {
  return asAdmin<ManageTournament>(
    request,
    '/api/manage/tournaments',
    {
      namePt: t.namePt,
      nameEn: t.nameEn ?? t.namePt,
      ...(t.descriptionPt ? { descriptionPt: t.descriptionPt } : {}),
      ...(t.descriptionEn ? { descriptionEn: t.descriptionEn } : {}),
      ...(t.coverImageId ? { coverImageId: t.coverImageId } : {}),
      size: t.size,
      startsAt: (t.startsAt ?? new Date(Date.now() + 1000)).toISOString(),
      roundHours: t.roundHours ?? 24,
      pool: { kind: 'hand', jerseyIds: t.jerseyIds },
    },
    201,
  );
}

/** POST /api/manage/tournaments/:id/close-round: "Encerrar rodada agora" for round `round`, the open one. */
export function closeRound(request: APIRequestContext, id: string, round: number): Promise<ManageTournament> {
  return asAdmin<ManageTournament>(request, `/api/manage/tournaments/${id}/close-round`, { round }, 200);
}

/** Polls the public page of a tournament until `ready` holds (the round job draws at the start). */
export async function waitForTournament(
  request: APIRequestContext,
  slug: string,
  ready: (t: TournamentDetail) => boolean,
  timeoutMs = 45_000,
): Promise<TournamentDetail> {
  const deadline = Date.now() + timeoutMs;
  let last: TournamentDetail | null = null;
  while (Date.now() < deadline) {
    const res = await request.get(`/api/tournaments/${slug}`);
    if (res.status() === 200) {
      last = (await res.json()) as TournamentDetail;
      if (ready(last)) return last;
    }
    await sleep(500);
  }
  throw new Error(`tournament ${slug} not ready in ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 500)}`);
}

/** Waits until the bracket is drawn and round `round` is open. */
export const waitForRound = (request: APIRequestContext, slug: string, round: number) =>
  waitForTournament(request, slug, (t) => t.currentRound === round && t.rounds.some((r) => r.round === round));

async function voterHeaders(request: APIRequestContext, voter: Voter): Promise<Record<string, string>> {
  if (voter.accessToken) return { authorization: `Bearer ${voter.accessToken}` };
  if (!voter.voterId) {
    const res = await request.post('/api/duels/visitor');
    if (res.status() !== 200) throw new Error(`POST /api/duels/visitor: ${res.status()} ${await res.text()}`);
    voter.voterId = ((await res.json()) as { voterId: string }).voterId;
  }
  return { 'x-voter-id': voter.voterId };
}

/** Answers every open match of the tournament's round once, as `voter`; returns how many were answered. */
export async function voteInRound(
  request: APIRequestContext,
  slug: string,
  voter: Voter,
  choose: (leftId: string, rightId: string) => VoteOutcome,
): Promise<number> {
  const headers = await voterHeaders(request, voter);
  const res = await request.get('/api/duels/next', { headers, params: { tournament: slug } });
  if (res.status() !== 200) throw new Error(`GET /api/duels/next: ${res.status()} ${await res.text()}`);
  let next = (await res.json()) as NextDuel;
  let answered = 0;
  while (next.duel) {
    const duel = next.duel;
    await lookAt(duel);
    const vote = await request.post('/api/duels/votes', {
      headers,
      data: { token: duel.token, outcome: choose(duel.left.id, duel.right.id) },
    });
    if (vote.status() !== 200) throw new Error(`POST /api/duels/votes: ${vote.status()} ${await vote.text()}`);
    answered++;
    next = ((await vote.json()) as VoteResult).next;
  }
  return answered;
}
