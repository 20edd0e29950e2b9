import { describe, expect, it } from 'vitest';
import {
  matchesInRound,
  roundCount,
  roundKey,
  roundKeyOf,
  tournamentDescription,
  tournamentName,
} from './tournaments.ts';

describe('round names (docs/tournaments.md §4)', () => {
  it('names a round by the matches it holds', () => {
    expect([1, 2, 4, 8, 16, 32].map(roundKey)).toEqual(['final', 'semi', 'quarter', 'r16', 'r32', 'r64']);
  });

  it('counts the rounds and matches of every allowed size', () => {
    expect([4, 8, 16, 32, 64].map(roundCount)).toEqual([2, 3, 4, 5, 6]);
    expect([1, 2, 3].map((r) => matchesInRound(8, r))).toEqual([4, 2, 1]);
    expect([1, 2, 3, 4, 5, 6].map((r) => roundKeyOf(64, r))).toEqual(['r64', 'r32', 'r16', 'quarter', 'semi', 'final']);
    expect([1, 2].map((r) => roundKeyOf(4, r))).toEqual(['semi', 'final']);
  });
});

describe('tournament names', () => {
  const t = { namePt: 'Copa das Camisas', nameEn: 'Jersey Cup', descriptionPt: 'Sobre', descriptionEn: null };

  it('picks the interface language, Portuguese as the fallback', () => {
    expect(tournamentName(t, 'pt')).toBe('Copa das Camisas');
    expect(tournamentName(t, 'en-GB')).toBe('Jersey Cup');
    expect(tournamentName({ ...t, nameEn: ' ' }, 'en')).toBe('Copa das Camisas');
    expect(tournamentName(t, 'fr')).toBe('Copa das Camisas');
    expect(tournamentDescription(t, 'en')).toBe('Sobre');
    expect(tournamentDescription({ descriptionPt: null, descriptionEn: ' ' }, 'pt')).toBeNull();
  });
});
