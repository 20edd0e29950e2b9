/**
 * Live Elo (docs/ranking.md §3): base 10, scale 400, start 1000, K = 4 as Chatbot Arena uses since 2023-05,
 * but K = 32 for a jersey's first 20 duels in a scope so a cold catalogue spreads out quickly (ours).
 * Tie and "both bad" are half a win each; skips never reach here. Instant feedback and opponent choice
 * only — the official ranking is the Bradley-Terry fit.
 */
export const ELO_START = 1000;
const SCALE = 400;
const K = 4;
const K_NEW = 32;
const NEW_GAMES = 20;

export type CountedOutcome = 'left' | 'right' | 'tie' | 'both_bad';

export interface EloState {
  readonly rating: number;
  readonly games: number;
}

/** Probability that a jersey rated `ra` beats one rated `rb`. */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / SCALE));
}

export function kFactor(games: number): number {
  return games < NEW_GAMES ? K_NEW : K;
}

/** Score of the left jersey: 1, 0 or ½. */
export function leftScore(outcome: CountedOutcome): number {
  return outcome === 'left' ? 1 : outcome === 'right' ? 0 : 0.5;
}

/** Rating changes [left, right] for one counted vote. */
export function eloChanges(left: EloState, right: EloState, outcome: CountedOutcome): [number, number] {
  const s = leftScore(outcome);
  const e = expectedScore(left.rating, right.rating);
  return [kFactor(left.games) * (s - e), kFactor(right.games) * (e - s)];
}
