import type { MatchSide, PreviewMatch, TournamentDetail, TournamentMatch } from '@manto/contracts';
import { matchesInRound, roundCount, roundKeyOf, type RoundKey } from '#lib/tournaments.ts';

/** A place in a round: a drawn match, a projected pairing (upcoming), or a match not drawn yet ("A definir"). */
export type BracketSlot =
  { kind: 'match'; match: TournamentMatch } | { kind: 'preview'; match: PreviewMatch } | { kind: 'tbd' };

export interface BracketColumn {
  round: number;
  key: RoundKey;
  /** 'open' while voted; 'closed' once decided; 'preview' the projected first round; 'pending' not drawn yet. */
  state: 'open' | 'closed' | 'preview' | 'pending';
  opensAt: string | null;
  closesAt: string | null;
  slots: BracketSlot[];
}

/**
 * Every round of the bracket, first to last, each with as many slots as it has matches (docs/tournaments.md
 * §4): drawn rounds with their matches in slot order, the projected first round of an upcoming tournament,
 * and the rounds not drawn yet as placeholders.
 */
export function bracketColumns(t: Pick<TournamentDetail, 'size' | 'rounds' | 'preview'>): BracketColumn[] {
  return Array.from({ length: roundCount(t.size) }, (_, i) => {
    const round = i + 1;
    const count = matchesInRound(t.size, round);
    const drawn = t.rounds.find((r) => r.round === round);
    const base = { round, key: roundKeyOf(t.size, round) };
    if (drawn) {
      // In slot order, top to bottom; a round short of matches (never expected) is padded, not broken.
      const matches = [...drawn.matches].sort((a, b) => a.slot - b.slot);
      const padding = Math.max(0, count - matches.length);
      return {
        ...base,
        state: drawn.closedAt ? 'closed' : 'open',
        opensAt: drawn.opensAt,
        closesAt: drawn.closedAt ?? drawn.closesAt,
        slots: [
          ...matches.map((match) => ({ kind: 'match' as const, match })),
          ...Array.from({ length: padding }, () => ({ kind: 'tbd' as const })),
        ],
      };
    }
    if (round === 1 && t.preview && t.preview.length > 0)
      return {
        ...base,
        state: 'preview',
        opensAt: null,
        closesAt: null,
        slots: t.preview.map((match) => ({ kind: 'preview' as const, match })),
      };
    return {
      ...base,
      state: 'pending',
      opensAt: null,
      closesAt: null,
      slots: Array.from({ length: count }, () => ({ kind: 'tbd' as const })),
    };
  });
}

/** The round a phone shows first: the open one, else the last drawn (the final, once completed), else the first. */
export function defaultRound(t: Pick<TournamentDetail, 'currentRound' | 'rounds'>): number {
  if (t.currentRound) return t.currentRound;
  return t.rounds.reduce((last, r) => Math.max(last, r.round), 0) || 1;
}

/** How a side ended its match: won, lost, or not decided yet. */
export function sideResult(match: TournamentMatch, side: MatchSide): 'won' | 'lost' | null {
  if (!match.winnerId) return null;
  return match.winnerId === side.jersey.id ? 'won' : 'lost';
}
