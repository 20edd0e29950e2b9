import type { ImageRef, SearchResults, TeamArticle } from '@manto/contracts';
import { jerseyName, jerseyPath, localName } from '#lib/names.ts';
import { teamText } from '#lib/team-text.ts';

export type SearchGroupKind = 'teams' | 'duels' | 'jerseys' | 'tournaments' | 'products';

/** One line of the results, and where it leads. */
export interface SearchOption {
  key: string;
  to: string;
  label: string;
  /** A team's jersey count. */
  jerseys?: number;
  /** A duel's team and its article: the line reads "Comparar camisas do …" in its own words. */
  duelOf?: { team: string; context: TeamArticle };
  /** A jersey's picture; undefined for the other kinds, which show an icon. */
  image?: ImageRef | null;
}

export interface SearchGroup {
  kind: SearchGroupKind;
  options: SearchOption[];
}

/**
 * The answer as the list shows it, in the API's order within each group: teams (their pages), a duel of
 * the first team that has two jerseys to compare, jerseys, tournaments and products.
 */
export function searchGroups(results: SearchResults): SearchGroup[] {
  const duelTeam = results.teams.find((t) => t.jerseys >= 2);
  const groups: SearchGroup[] = [
    {
      kind: 'teams',
      options: results.teams.map((t) => ({
        key: `team:${t.slug}`,
        to: `/camisas/time/${t.slug}`,
        label: localName(t),
        jerseys: t.jerseys,
      })),
    },
    {
      kind: 'duels',
      options: duelTeam
        ? [
            {
              key: `duel:${duelTeam.slug}`,
              to: `/comparar/times/${duelTeam.slug}`,
              label: localName(duelTeam),
              duelOf: teamText(duelTeam),
            },
          ]
        : [],
    },
    {
      kind: 'jerseys',
      options: results.jerseys.map((j) => ({
        key: `jersey:${j.id}`,
        to: jerseyPath(j),
        label: jerseyName(j),
        image: j.image,
      })),
    },
    {
      kind: 'tournaments',
      options: results.tournaments.map((t) => ({
        key: `tournament:${t.slug}`,
        to: `/torneios/${t.slug}`,
        label: localName(t),
      })),
    },
    {
      kind: 'products',
      options: results.products.map((p) => ({ key: `product:${p.slug}`, to: `/loja/${p.slug}`, label: localName(p) })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}
