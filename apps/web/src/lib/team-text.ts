import type { TeamArticle } from '@manto/contracts';
import { localName } from './names.ts';

/**
 * i18next values for a text that puts a preposition before a team's name. The team's article picks the
 * Portuguese contraction through i18next's context: key_a ("da Alemanha"), key_os, key_as, and the plain
 * key for "o" ("do Flamengo"). English has no variants and reads the plain key, with the English name.
 */
export function teamText(team: { name: string; nameEn?: string | null; article: TeamArticle }) {
  return { team: localName(team), context: team.article };
}
