import { wholePercents } from '@manto/contracts/percents';
import type { CrowdTally } from '@manto/contracts';

const MINUS = '\u2212';

/** Rounds halves away from zero, so a pair's −17.5 / +17.5 reads −18 / +18 (Math.round gives −17). */
const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** A live rating change as the result shows it: "+12", "−12" (a real minus sign), "±0". */
export function formatChange(change: number): string {
  const rounded = roundHalfAway(change);
  if (rounded === 0) return '±0';
  return rounded > 0 ? `+${rounded}` : `${MINUS}${Math.abs(rounded)}`;
}

/** The direction of a change, for colouring it. */
export function changeTone(change: number): 'up' | 'down' | 'flat' {
  const rounded = roundHalfAway(change);
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

export interface CrowdSplit {
  total: number;
  /** Whole percentages of the bar, summing to 100 (or all 0 without votes). */
  left: number;
  ties: number;
  right: number;
}

/** How the crowd split on a pair, as whole percentages that add up to exactly 100 (left, ties, right). */
export function crowdSplit(crowd: CrowdTally): CrowdSplit {
  const counts = [crowd.leftWins, crowd.ties, crowd.rightWins];
  const [left = 0, ties = 0, right = 0] = wholePercents(counts);
  return { total: counts.reduce((sum, n) => sum + Math.max(0, n), 0), left, ties, right };
}

/** A live rating shown to the user: whole points. */
export function formatRating(rating: number): string {
  return String(Math.round(rating));
}

/** Retry-After when a refusal came without one: the vote limits' window is a minute (docs/ranking.md §6). */
const RETRY_FALLBACK_SECONDS = 60;

/**
 * When a refused request may be tried again, as a clock shows it ("14:32"): `retryAfter` seconds from `now`,
 * rounded up to the next whole minute, so trying again at the minute shown works.
 */
export function retryClock(retryAfter: number | null, now: number, locale: string): string {
  const minute = 60_000;
  const at = Math.ceil((now + (retryAfter ?? RETRY_FALLBACK_SECONDS) * 1000) / minute) * minute;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}
