import type { DuelJersey, NextDuel, VoteResult } from '@manto/contracts';
import { type CatalogueJersey, summary } from '#modules/jerseys/index.ts';

/**
 * A next duel's answer, written without walking every jersey field on each request: the two sides are
 * shared objects per catalogue jersey and rating, each with its JSON made once (docs/perf/README.md, ADR 0020
 * addendum). The text is byte for byte `JSON.stringify` of the same answer (duel-json.test.ts).
 */

/** A side's JSON, by the side object; only sides made by `duelSide` are in it. */
const sideText = new WeakMap<DuelJersey, string>();
/** The side last made for a catalogue jersey (a new catalogue copy brings new jersey objects). */
const sides = new WeakMap<CatalogueJersey, DuelJersey>();

/**
 * A jersey as a duel shows it, with its live rating. The same object while the jersey and the rating stay
 * the same, so its JSON is made once: callers never change it.
 */
export function duelSide(jersey: CatalogueJersey, rating: number): DuelJersey {
  const known = sides.get(jersey);
  if (known?.rating === rating) return known;
  const side: DuelJersey = { ...summary(jersey), rating };
  sides.set(jersey, side);
  sideText.set(side, JSON.stringify(side));
  return side;
}

const sideJson = (side: DuelJersey) => sideText.get(side) ?? JSON.stringify(side);

/** JSON of a next-duel answer (GET /api/duels/next). */
export function nextDuelJson(next: NextDuel): string {
  const d = next.duel;
  // A fresh visitor's answer carries its new id last (ADR 0023); other fields than these (none today) go
  // through JSON.stringify whole.
  const id = next.voterId;
  if (
    typeof next.jerseysCount !== 'number' ||
    !isPlain(next, id === undefined ? 3 : 4) ||
    (d !== null && !isPlain(d, 5))
  )
    return JSON.stringify(next);
  const duel =
    d === null
      ? 'null'
      : `{"token":${JSON.stringify(d.token)},"left":${sideJson(d.left)},"right":${sideJson(d.right)},"expiresAt":${JSON.stringify(d.expiresAt)},"minDecisionMs":${JSON.stringify(d.minDecisionMs)}}`;
  const tail = id === undefined ? '' : `,"voterId":${JSON.stringify(id)}`;
  return `{"scope":${JSON.stringify(next.scope)},"duel":${duel},"jerseysCount":${JSON.stringify(next.jerseysCount)}${tail}}`;
}

/** JSON of a vote's answer (POST /api/duels/votes): its next duel, last, as `nextDuelJson` writes it. */
export function voteResultJson(result: VoteResult): string {
  const { next, ...rest } = result;
  // `next` not last, or fields besides the contract's (none today): JSON.stringify whole.
  if (!isPlain(result, 6) || Object.keys(result).at(-1) !== 'next') return JSON.stringify(result);
  return `${JSON.stringify(rest).slice(0, -1)},"next":${nextDuelJson(next)}}`;
}

/** The answer's own keys are the contract's, in its order: a test per shape pins them (duel-json.test.ts). */
function isPlain(value: object, keys: number): boolean {
  let n = 0;
  for (const _ in value) n++;
  return n === keys;
}
