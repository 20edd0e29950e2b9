import type { Language } from '@manto/contracts';
import { toLanguage } from './language.ts';

// What several features say about tournaments (the tournament pages, the tournament duel, the jersey page,
// the vote history): round names and the tournament's name in the interface language.

/** A round's name by how many matches it holds (docs/tournaments.md §4); keys under `rounds.` in tournaments.json. */
export const ROUND_KEYS = ['final', 'semi', 'quarter', 'r16', 'r32', 'r64'] as const;
export type RoundKey = (typeof ROUND_KEYS)[number];

/** Rounds a bracket of `size` entrants plays: every round halves the field (8 → 3). */
export function roundCount(size: number): number {
  return Math.max(1, Math.round(Math.log2(size)));
}

/** Matches in round `round` (1 = first) of a bracket of `size` entrants: 8 → 4, 2, 1. */
export function matchesInRound(size: number, round: number): number {
  return Math.max(1, Math.round(size / 2 ** round));
}

/** 1 "Final", 2 "Semifinal", 4 "Quartas de final", 8 "Oitavas de final", 16 and 32 "… avos de final". */
export function roundKey(matches: number): RoundKey {
  const index = Math.round(Math.log2(Math.max(1, matches)));
  return ROUND_KEYS[Math.min(index, ROUND_KEYS.length - 1)]!;
}

/** The name key of round `round` of a bracket of `size` entrants. */
export function roundKeyOf(size: number, round: number): RoundKey {
  return roundKey(matchesInRound(size, round));
}

/** The same name as a full i18next key, for screens of another namespace (Sistema). */
export const roundLabelKey = (size: number, round: number) => `tournaments:rounds.${roundKeyOf(size, round)}` as const;

interface Named {
  namePt: string;
  nameEn: string;
}

/** The name in the interface language; Portuguese when the English one is blank. */
export function tournamentName(t: Named, language: string | Language | null | undefined): string {
  return toLanguage(language) === 'en' && t.nameEn.trim() ? t.nameEn : t.namePt;
}

/** The description in the interface language, Portuguese as the fallback; null when neither has one. */
export function tournamentDescription(
  t: { descriptionPt: string | null; descriptionEn: string | null },
  language: string | Language | null | undefined,
): string | null {
  const en = t.descriptionEn?.trim() ? t.descriptionEn : null;
  const pt = t.descriptionPt?.trim() ? t.descriptionPt : null;
  return toLanguage(language) === 'en' ? (en ?? pt) : (pt ?? en);
}
