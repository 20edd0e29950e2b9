import { TOURNAMENT_SIZES, type MatchDecision } from '@manto/contracts';

/**
 * The bracket's arithmetic, free of storage (docs/tournaments.md §3–5): seeding, standard placement, the
 * winner of a match and who meets whom in the next round.
 */

/**
 * Seeds in bracket order for `size` entrants: consecutive pairs meet in round 1, and the halves are built so
 * the top two seeds can only meet in the final (4 → 1 4 2 3; 8 → 1 8 4 5 2 7 3 6). Each step doubles the
 * list, pairing every seed s with its mirror 2·length + 1 − s.
 */
export function placement(size: number): number[] {
  let seeds = [1];
  while (seeds.length < size) {
    const mirror = seeds.length * 2 + 1;
    seeds = seeds.flatMap((s) => [s, mirror - s]);
  }
  return seeds;
}

/**
 * The pool in seed order: by global Bradley–Terry score, highest first; jerseys without a score after every
 * ranked one; ties and the unranked by id, so the same inputs always draw the same bracket.
 */
export function seedOrder(ids: readonly string[], scores: ReadonlyMap<string, number>): string[] {
  return [...ids].sort((x, y) => {
    const sx = scores.get(x);
    const sy = scores.get(y);
    if (sx !== undefined && sy !== undefined && sx !== sy) return sy - sx;
    if ((sx === undefined) !== (sy === undefined)) return sx === undefined ? 1 : -1;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** The size actually drawn: the one asked for when the pool holds it, else the largest that fits; null below 4. */
export function drawSize(asked: number, poolCount: number): number | null {
  if (poolCount >= asked) return asked;
  const fits = TOURNAMENT_SIZES.filter((s) => s <= poolCount);
  return fits.length > 0 ? fits[fits.length - 1]! : null;
}

export interface Pairing<T> {
  slot: number;
  a: { seed: number; entrant: T };
  b: { seed: number; entrant: T };
}

/** Round 1 for entrants given in seed order (index 0 = seed 1): side a is always the better seed. */
export function firstRound<T>(seeded: readonly T[], size: number): Pairing<T>[] {
  const order = placement(size);
  const pairs: Pairing<T>[] = [];
  for (let slot = 0; slot < size / 2; slot++) {
    const [x, y] = [order[2 * slot]!, order[2 * slot + 1]!];
    const [hi, lo] = x < y ? [x, y] : [y, x];
    pairs.push({ slot, a: { seed: hi, entrant: seeded[hi - 1]! }, b: { seed: lo, entrant: seeded[lo - 1]! } });
  }
  return pairs;
}

/** Rounds in a bracket of `size`: 4 → 2, 64 → 6. */
export const roundsOf = (size: number) => Math.log2(size);

export interface Tally {
  /** Valid wins of each side. */
  aWins: number;
  bWins: number;
  /** Valid ties and "both bad" answers: half a point to each side. */
  halves: number;
}

export interface Decision {
  side: 'a' | 'b';
  aPoints: number;
  bPoints: number;
  votes: number;
  decidedBy: MatchDecision;
}

/** More points wins; equal points (or no votes at all) go to side a, the better seed (docs/tournaments.md §5). */
export function decide(t: Tally): Decision {
  const aPoints = t.aWins + t.halves / 2;
  const bPoints = t.bWins + t.halves / 2;
  const votes = t.aWins + t.bWins + t.halves;
  const decidedBy: MatchDecision = votes === 0 ? 'no_votes' : aPoints === bPoints ? 'draw' : 'votes';
  return { side: bPoints > aPoints ? 'b' : 'a', aPoints, bPoints, votes, decidedBy };
}

export interface Winner {
  slot: number;
  seed: number;
  jerseyId: string;
}

/** The next round from the winners of this one, by slot: winners of 2i and 2i+1 meet in slot i, better seed as a. */
export function nextRound(winners: readonly Winner[]): Pairing<string>[] {
  const bySlot = [...winners].sort((x, y) => x.slot - y.slot);
  const pairs: Pairing<string>[] = [];
  for (let i = 0; i + 1 < bySlot.length; i += 2) {
    const [x, y] = [bySlot[i]!, bySlot[i + 1]!];
    const [hi, lo] = x.seed < y.seed ? [x, y] : [y, x];
    pairs.push({
      slot: x.slot / 2,
      a: { seed: hi.seed, entrant: hi.jerseyId },
      b: { seed: lo.seed, entrant: lo.jerseyId },
    });
  }
  return pairs;
}
