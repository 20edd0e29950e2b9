import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, TEAM_ARTICLES } from '@manto/contracts';
import { TEXTS, roundName } from './texts.ts';

// The head tags' titles are the web's own screens' (useDocumentTitle sets the same on client-side
// navigation): the server's copies are checked against the locale files the web reads.
const LOCALES = path.resolve(import.meta.dirname, '../../../../web/public/locales');
const bundle = (language: Language, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** A web text by namespace and dotted key, with i18next's context (the team's article) and values. */
function web(language: Language, ns: string, key: string, values: Record<string, string> = {}, context?: string) {
  const lookup = (k: string) =>
    k
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle(language, ns));
  const found = (context && context !== 'o' && lookup(`${key}_${context}`)) || lookup(key);
  if (typeof found !== 'string') throw new Error(`${language}/${ns}: ${key} is missing`);
  return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

describe("the server's words", () => {
  for (const language of LANGUAGES) {
    const t = TEXTS[language];
    it(`match the web's titles and subtitles (${language})`, () => {
      const title = (ns: string, key: string, values?: Record<string, string>, context?: string) =>
        web(language, 'common', 'documentTitle.page', { page: web(language, ns, key, values, context) });
      expect(t.page('X')).toBe(web(language, 'common', 'documentTitle.page', { page: 'X' }));
      expect(t.homeTitle).toBe(web(language, 'common', 'documentTitle.home'));
      expect(t.pitch).toBe(web(language, 'common', 'home.pitch'));
      expect(t.page(t.globalRanking)).toBe(title('rankings', 'global.title'));
      expect(t.globalRankingAbout).toBe(web(language, 'rankings', 'global.subtitle'));
      expect(t.teamRankings).toBe(web(language, 'rankings', 'teams.title'));
      expect(t.teamRankingsAbout).toBe(web(language, 'rankings', 'teams.subtitle'));
      expect(t.method).toBe(web(language, 'rankings', 'method.title'));
      expect(t.compareTeams).toBe(web(language, 'duels', 'teams.title'));
      expect(t.compareTeamsAbout).toBe(web(language, 'duels', 'teams.subtitle'));
      expect(t.teamDuel('T')).toBe(web(language, 'duels', 'scope.team.title', { team: 'T' }));
      expect(t.modelDuel('T', 'M')).toBe(web(language, 'duels', 'scope.model.title', { team: 'T', model: 'M' }));
      expect(t.jerseys).toBe(web(language, 'catalogue', 'teams.title'));
      expect(t.jerseysAbout).toBe(web(language, 'catalogue', 'teams.subtitle'));
      expect(t.tournaments).toBe(web(language, 'tournaments', 'title'));
      expect(t.tournamentsAbout).toBe(web(language, 'tournaments', 'subtitle'));
      expect(t.tournamentVote('C')).toBe(web(language, 'common', 'documentTitle.tournamentVote', { name: 'C' }));
      expect(t.terms).toBe(web(language, 'auth', 'terms.title'));
      expect(t.privacy).toBe(web(language, 'auth', 'privacy.title'));
      expect(t.privacyAbout).toBe(web(language, 'auth', 'privacy.intro'));
      expect(t.shop).toBe(web(language, 'common', 'nav.shop'));
      for (const article of TEAM_ARTICLES) {
        const team = { name: 'Time', article };
        const values = { team: 'Time' };
        expect(t.teamRanking(team)).toBe(web(language, 'rankings', 'team.title', values, article));
        expect(t.teamRankingAbout(team)).toBe(web(language, 'rankings', 'team.subtitle', values, article));
        expect(t.fans(team)).toBe(web(language, 'rankings', 'fans.title', values, article));
        expect(t.fansAbout(team)).toBe(web(language, 'rankings', 'fans.subtitle', values, article));
        expect(t.teamJerseys(team)).toBe(web(language, 'common', 'documentTitle.teamJerseys', values, article));
      }
    });

    it(`name a tournament's rounds as the web does (${language})`, () => {
      const keys = ['final', 'semi', 'quarter', 'r16', 'r32', 'r64'];
      // A bracket of 64: round 1 has 32 matches (r64's name), round 6 is the final.
      for (let round = 1; round <= 6; round++)
        expect(roundName(language, 64, round)).toBe(web(language, 'tournaments', `rounds.${keys[6 - round]}`));
    });
  }
});
