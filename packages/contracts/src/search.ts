import { z } from 'zod';
import { bilingualRef, imageRef, teamRef } from './catalogue.ts';

// The header's search (docs/decisions/0041-search.md): teams, jerseys, tournaments and, with the shop on,
// products, found by any of their names in either language.

/** The longest query: a team, a season and a model fit many times over. */
export const SEARCH_QUERY_MAX = 100;

/** `q` as typed; empty answers nothing. */
export const searchQuery = z.strictObject({ q: z.string().trim().max(SEARCH_QUERY_MAX).default('') });
export type SearchQuery = z.infer<typeof searchQuery>;

/** A team with active jerseys; `jerseys` of them (a team duel needs two). */
export const searchTeam = teamRef.extend({ jerseys: z.number().int() });
/** An active jersey, named as every screen names one (team, model year, model). */
export const searchJersey = z.object({
  id: z.string(),
  slug: z.string(),
  team: teamRef,
  model: bilingualRef,
  season: z.number().int(),
  modelYear: z.string(),
  image: imageRef.nullable(),
});

/** Each group best first: by how well the words match, then by popularity. */
export const searchResponse = z.object({
  teams: z.array(searchTeam),
  jerseys: z.array(searchJersey),
  tournaments: z.array(bilingualRef),
  products: z.array(bilingualRef),
});
export type SearchTeam = z.infer<typeof searchTeam>;
export type SearchJersey = z.infer<typeof searchJersey>;
export type SearchResults = z.infer<typeof searchResponse>;
