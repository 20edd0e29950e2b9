import { describe, expect, it } from 'vitest';
import { decide, drawSize, firstRound, nextRound, placement, seedOrder } from './bracket.ts';

describe('placement', () => {
  it.each([4, 8, 16, 32, 64])(
    'places %i seeds so round 1 pairs s with size + 1 − s and the top seeds meet last',
    (size) => {
      const order = placement(size);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      // Round 1: every pair sums to size + 1 (1 v size, 2 v size − 1, …).
      for (let i = 0; i < size; i += 2) expect(order[i]! + order[i + 1]!).toBe(size + 1);
      // If the better seed always wins, round r holds exactly the top size / 2^r seeds, each pair summing
      // to (field + 1): the top two meet only in the final, the top four only in the semi-finals.
      let field = order;
      while (field.length > 1) {
        const winners: number[] = [];
        for (let i = 0; i < field.length; i += 2) {
          expect(field[i]! + field[i + 1]!).toBe(field.length + 1);
          winners.push(Math.min(field[i]!, field[i + 1]!));
        }
        field = winners;
      }
      expect(field).toEqual([1]);
    },
  );

  it('gives the known orders for 4 and 8', () => {
    expect(placement(4)).toEqual([1, 4, 2, 3]);
    expect(placement(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(placement(64).slice(0, 4)).toEqual([1, 64, 32, 33]);
  });
});

describe('seedOrder', () => {
  it('orders by score, puts the unranked last and breaks ties by id', () => {
    const scores = new Map([
      ['c', 1100],
      ['a', 900],
      ['d', 1100],
    ]);
    expect(seedOrder(['e', 'a', 'b', 'c', 'd'], scores)).toEqual(['c', 'd', 'a', 'b', 'e']);
  });
});

describe('drawSize', () => {
  it('keeps the asked size when the pool holds it, else shrinks to the largest that fits', () => {
    expect(drawSize(8, 20)).toBe(8);
    expect(drawSize(16, 12)).toBe(8);
    expect(drawSize(8, 3)).toBeNull();
  });
});

describe('firstRound', () => {
  it('pairs entrants given in seed order, better seed on side a', () => {
    const round = firstRound(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'], 8);
    expect(round.map((p) => [p.a.seed, p.b.seed])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
    expect(round[1]).toMatchObject({ a: { entrant: 's4' }, b: { entrant: 's5' } });
  });
});

describe('decide', () => {
  it('gives the match to more points, ties counting half to each side', () => {
    expect(decide({ aWins: 2, bWins: 3, halves: 0 })).toMatchObject({ side: 'b', decidedBy: 'votes', votes: 5 });
    // 2 + 2/2 = 3 against 1 + 2/2 = 2.
    expect(decide({ aWins: 2, bWins: 1, halves: 2 })).toMatchObject({ side: 'a', aPoints: 3, bPoints: 2 });
  });

  it('resolves a draw and a match without votes for the better seed, saying which it was', () => {
    expect(decide({ aWins: 1, bWins: 1, halves: 1 })).toMatchObject({ side: 'a', decidedBy: 'draw' });
    expect(decide({ aWins: 0, bWins: 0, halves: 0 })).toMatchObject({ side: 'a', decidedBy: 'no_votes', votes: 0 });
    expect(decide({ aWins: 0, bWins: 0, halves: 3 })).toMatchObject({ side: 'a', decidedBy: 'draw' });
  });
});

describe('nextRound', () => {
  it('pairs the winners of slots 2i and 2i+1 in slot i, better seed first', () => {
    const next = nextRound([
      { slot: 3, seed: 6, jerseyId: 'f' },
      { slot: 0, seed: 1, jerseyId: 'a' },
      { slot: 2, seed: 2, jerseyId: 'b' },
      { slot: 1, seed: 5, jerseyId: 'e' },
    ]);
    expect(next).toEqual([
      { slot: 0, a: { seed: 1, entrant: 'a' }, b: { seed: 5, entrant: 'e' } },
      { slot: 1, a: { seed: 2, entrant: 'b' }, b: { seed: 6, entrant: 'f' } },
    ]);
  });
});
