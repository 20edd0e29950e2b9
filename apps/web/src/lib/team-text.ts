import type { TeamArticle } from '@manto/contracts';

/**
 * i18next values for a text that puts a preposition before a team's name. The team's article picks the
 * Portuguese contraction through i18next's context: key_a ("da Alemanha"), key_os, key_as, and the plain
 * key for "o" ("do Flamengo"). English has no variants and reads the plain key.
 */
export function teamText(team: { name: string; article: TeamArticle }) {
  return { team: team.name, context: team.article };
}
