import type { JerseySummary, MatchSide, TournamentMatch } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import { bracketColumns, defaultRound, sideResult } from './bracket.ts';

const jersey = (id: string): JerseySummary => ({
  id,
  slug: id,
  team: { slug: 'aurora', name: 'Aurora', nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#000000',
  image: null,
  active: true,
});
const side = (seed: number, points: number | null = null): MatchSide => ({ seed, jersey: jersey(`j${seed}`), points });
const match = (round: number, slot: number, a: number, b: number, winner?: number): TournamentMatch => ({
  id: `m${round}-${slot}`,
  round,
  slot,
  a: side(a, winner ? 2 : null),
  b: side(b, winner ? 1 : null),
  winnerId: winner ? `j${winner}` : null,
  decidedBy: winner ? 'votes' : null,
  votes: winner ? 3 : null,
});
const round = (n: number, matches: TournamentMatch[], closed: boolean) => ({
  round: n,
  opensAt: '2025-03-01T00:00:00Z',
  closesAt: '2025-03-02T00:00:00Z',
  closedAt: closed ? '2025-03-02T00:00:00Z' : null,
  matches,
});

describe('bracket layout', () => {
  it('shows every round of an 8-jersey bracket, the undrawn ones as placeholders', () => {
    // The second slot arrives first: the layout goes by slot, not by the order received.
    const t = {
      size: 8,
      preview: null,
      rounds: [round(1, [match(1, 1, 4, 5), match(1, 0, 1, 8), match(1, 2, 2, 7), match(1, 3, 3, 6)], false)],
    };
    const columns = bracketColumns(t);
    expect(columns.map((c) => [c.key, c.state, c.slots.length])).toEqual([
      ['quarter', 'open', 4],
      ['semi', 'pending', 2],
      ['final', 'pending', 1],
    ]);
    expect(columns[0]!.slots.map((s) => (s.kind === 'match' ? `${s.match.a.seed}-${s.match.b.seed}` : s.kind))).toEqual(
      ['1-8', '4-5', '2-7', '3-6'],
    );
    expect(columns[2]!.slots).toEqual([{ kind: 'tbd' }]);
    expect(defaultRound({ currentRound: 1, rounds: t.rounds })).toBe(1);
  });

  it('projects the first round of an upcoming tournament from the preview', () => {
    const columns = bracketColumns({
      size: 4,
      rounds: [],
      preview: [
        { a: side(1), b: side(4) },
        { a: side(2), b: side(3) },
      ],
    });
    expect(columns.map((c) => [c.key, c.state, c.slots.map((s) => s.kind)])).toEqual([
      ['semi', 'preview', ['preview', 'preview']],
      ['final', 'pending', ['tbd']],
    ]);
    expect(bracketColumns({ size: 4, rounds: [], preview: [] })[0]!.state).toBe('pending');
    expect(defaultRound({ currentRound: null, rounds: [] })).toBe(1);
  });

  it('opens a completed tournament on its final and knows who won each match', () => {
    const final = match(2, 0, 1, 2, 2);
    const t = {
      size: 4,
      preview: null,
      rounds: [round(1, [match(1, 0, 1, 4, 1), match(1, 1, 2, 3, 2)], true), round(2, [final], true)],
    };
    expect(bracketColumns(t).map((c) => c.state)).toEqual(['closed', 'closed']);
    expect(defaultRound({ currentRound: null, rounds: t.rounds })).toBe(2);
    expect(sideResult(final, final.a)).toBe('lost');
    expect(sideResult(final, final.b)).toBe('won');
    expect(sideResult(match(1, 0, 1, 4), side(1))).toBeNull();
  });
});
