/**
 * Helpers for duel journeys: find the board, vote and wait for the next pair.
 * Names follow SELECTORS.md ("Duelos").
 */
import type { Locator, Page, Response } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The duel board: a region named "Duelo: <left> contra <right>" (en "Duel: <left> versus <right>"). */
export function duelBoard(page: Page): Locator {
  return page.getByRole('region', { name: /^(Duelo|Duel): .+ (contra|versus) .+$/ });
}

/** The two jersey buttons ("Escolher <time> <temporada> · <modelo>"), left first. */
export function duelSides(page: Page): Locator {
  return duelBoard(page).getByRole('button', { name: /^(Escolher|Choose) / });
}

/** The accessible names of the pair on screen, left then right, without the verb. */
export async function pairOnScreen(page: Page): Promise<[string, string]> {
  await expect(duelBoard(page)).toHaveAttribute('aria-busy', 'false');
  const names = await duelSides(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(names).toHaveLength(2);
  return names.map((n) => n.replace(/^(Escolher|Choose) /, '')) as [string, string];
}

export interface VoteAnswer {
  outcome: string;
  counted: boolean;
  left: { id: string; rating: number; change: number };
  right: { id: string; rating: number; change: number };
  /** Null for a tournament match while its round is open. */
  crowd: { leftWins: number; rightWins: number; ties: number } | null;
  next: { duel: unknown };
}

/**
 * Does `act` (a key press, a click, a tap), expects exactly one accepted vote for it, and waits
 * until the board is ready for the next one.
 */
export async function voteBy(page: Page, act: () => Promise<void>): Promise<VoteAnswer> {
  await expect(duelBoard(page)).toHaveAttribute('aria-busy', 'false');
  const isVote = (r: Response) => r.url().endsWith('/api/duels/votes') && r.request().method() === 'POST';
  const [response] = await Promise.all([page.waitForResponse(isVote), act()]);
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as VoteAnswer;
  if (answer.next.duel) await expect(duelBoard(page)).toHaveAttribute('aria-busy', 'false');
  return answer;
}

/** A horizontal swipe on `target` through real touch events (Chromium's CDP), `dx` CSS pixels long. */
export async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('swipe target is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (px: number) => [{ x: px, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x) });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x + (dx * i) / 5) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
