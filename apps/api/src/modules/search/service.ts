import type { BilingualRef, SearchJersey, SearchResults, SearchTeam } from '@manto/contracts';
import { Refreshing } from '#lib/refreshing.ts';
import type { CatalogueCache, CatalogueSnapshot } from '#modules/jerseys/index.ts';
import type { ProductRecord, SearchRepository, TournamentRecord } from './repository.ts';
import { type SearchDocument, SearchIndex, Vocabulary, words } from './search-index.ts';

/**
 * How long popularity, tournaments and products are trusted before reloading (votes, other processes'
 * edits): longer than the catalogue's 15 s, since each reload rebuilds the index and an order by votes a
 * minute old is as good.
 */
const MAX_AGE_MS = 60_000;
/** Results per group: a short list to pick from while typing, not a results page. */
const LIMITS = { team: 5, jersey: 8, tournament: 3, product: 3 };

type Kind = keyof typeof LIMITS;
type Item = SearchTeam | SearchJersey | BilingualRef;
type CatalogueIndex = SearchIndex<Kind, Item>;

/** What the search reads beside the catalogue cache, reloaded together. */
interface Extras {
  games: Map<string, number>;
  tournaments: TournamentRecord[];
  products: ProductRecord[];
}

const nothing = (): SearchResults => ({ teams: [], jerseys: [], tournaments: [], products: [] });

/**
 * The header's search (docs/decisions/0041-search.md): an index built in memory from the catalogue cache's
 * copy and the extras, so a query reads no row. Built again when either copy differs in what the index holds
 * (after an edit here, or within 15 s of another process's catalogue edit, as for duels, or a minute of its
 * tournament or product edit); new vote counts only reorder it.
 */
export class SearchService {
  private readonly extras: Refreshing<Extras>;
  private built: { catalogue: CatalogueSnapshot; extras: Extras; index: CatalogueIndex } | null = null;
  /** Kept from build to build: the next copy's names are nearly all known already. */
  private readonly vocabulary = new Vocabulary();

  constructor(
    private readonly catalogue: CatalogueCache,
    repository: SearchRepository,
    shopEnabled: boolean,
    now: () => number = Date.now,
  ) {
    this.extras = new Refreshing(
      async () => {
        const [games, tournaments, products] = await Promise.all([
          repository.jerseyGames(),
          repository.tournaments(),
          shopEnabled ? repository.products() : [],
        ]);
        return { games, tournaments, products };
      },
      MAX_AGE_MS,
      now,
    );
  }

  /** The next query waits for fresh tournaments and products (after a management write in this process). */
  invalidate(): void {
    this.extras.invalidate();
  }

  async search(query: string): Promise<SearchResults> {
    if (words(query).length === 0) return nothing();
    const index = this.indexNow() ?? (await this.load());
    const found = index.search(query, LIMITS);
    return {
      teams: (found.get('team') ?? []) as SearchTeam[],
      jerseys: (found.get('jersey') ?? []) as SearchJersey[],
      tournaments: (found.get('tournament') ?? []) as BilingualRef[],
      products: (found.get('product') ?? []) as BilingualRef[],
    };
  }

  /** The index without waiting, when both copies are in memory and current (nearly always). */
  private indexNow(): CatalogueIndex | undefined {
    const catalogue = this.catalogue.snapshotNow();
    const extras = this.extras.ready();
    return catalogue && extras ? this.indexOf(catalogue, extras) : undefined;
  }

  private async load(): Promise<CatalogueIndex> {
    const [catalogue, extras] = await Promise.all([this.catalogue.snapshot(), this.extras.get()]);
    return this.indexOf(catalogue, extras);
  }

  private indexOf(catalogue: CatalogueSnapshot, extras: Extras): CatalogueIndex {
    const built = this.built;
    if (built?.catalogue === catalogue && built.extras === extras) return built.index;
    // Both copies are reloaded whether or not anything changed (the catalogue every 15 s, the extras every
    // minute, with new vote counts): the index is built again only when what it holds changed.
    if (built && sameSearchables(built.catalogue, catalogue) && sameRecords(built.extras, extras)) {
      if (built.extras !== extras) built.index.rescore(popularityIn(catalogue, extras));
      Object.assign(built, { catalogue, extras });
      return built.index;
    }
    const index = new SearchIndex(documents(catalogue, extras), this.vocabulary);
    this.built = { catalogue, extras, index };
    return index;
  }
}

/** The same tournaments and products, with the same names and popularity. */
function sameRecords(before: Extras, after: Extras): boolean {
  if (before === after) return true;
  const { tournaments: t0, products: p0 } = before;
  const { tournaments: t1, products: p1 } = after;
  return (
    t0.length === t1.length &&
    p0.length === p1.length &&
    t0.every(
      (a, i) =>
        a.slug === t1[i]!.slug &&
        a.name === t1[i]!.name &&
        a.nameEn === t1[i]!.nameEn &&
        a.startsAt.getTime() === t1[i]!.startsAt.getTime(),
    ) &&
    p0.every(
      (a, i) =>
        a.slug === p1[i]!.slug &&
        a.name === p1[i]!.name &&
        a.nameEn === p1[i]!.nameEn &&
        a.team === p1[i]!.team &&
        a.season === p1[i]!.season &&
        a.reviews === p1[i]!.reviews,
    )
  );
}

/** Jerseys' and teams' popularity from fresh vote counts (the rest keep theirs). */
function popularityIn(catalogue: CatalogueSnapshot, extras: Extras) {
  const byTeam = new Map<string, number>();
  for (const j of catalogue.jerseys.values())
    if (j.active) byTeam.set(j.team.slug, (byTeam.get(j.team.slug) ?? 0) + (extras.games.get(j.id) ?? 0));
  return (kind: Kind, item: Item): number | undefined => {
    if (kind === 'jersey') return extras.games.get((item as SearchJersey).id) ?? 0;
    if (kind === 'team') return byTeam.get(item.slug) ?? 0;
    return undefined;
  };
}

/** Whether two copies of the catalogue hold the same active jerseys with the same names, slugs and pictures. */
function sameSearchables(before: CatalogueSnapshot, after: CatalogueSnapshot): boolean {
  if (before === after) return true;
  if (before.jerseys.size !== after.jerseys.size) return false;
  const sameRef = (a: BilingualRef, b: BilingualRef) => a.slug === b.slug && a.name === b.name && a.nameEn === b.nameEn;
  for (const [id, b] of after.jerseys) {
    const a = before.jerseys.get(id);
    if (
      !a ||
      a.active !== b.active ||
      a.slug !== b.slug ||
      a.season !== b.season ||
      a.modelYear !== b.modelYear ||
      a.image?.srcSet !== b.image?.srcSet ||
      a.team.article !== b.team.article ||
      !sameRef(a.team, b.team) ||
      !sameRef(a.model, b.model)
    )
      return false;
  }
  return true;
}

/** Every searchable record: teams with active jerseys, active jerseys, tournaments and products. */
function* documents(catalogue: CatalogueSnapshot, extras: Extras): Generator<SearchDocument<Kind, Item>> {
  const teams = new Map<string, SearchTeam & { popularity: number }>();
  for (const j of catalogue.jerseys.values()) {
    if (!j.active) continue;
    const games = extras.games.get(j.id) ?? 0;
    const { id, slug, team, model, season, modelYear, image } = j;
    const counted = teams.get(j.teamId);
    if (counted) {
      counted.jerseys++;
      counted.popularity += games;
    } else teams.set(j.teamId, { ...team, jerseys: 1, popularity: games });
    yield {
      kind: 'jersey',
      item: { id, slug, team, model, season, modelYear, image },
      names: named(team.name, team.nameEn, model.name, model.nameEn, String(season), modelYear),
      popularity: games,
      label: `${team.name} ${modelYear} ${model.name}`,
    };
  }
  for (const { popularity, ...team } of teams.values())
    yield { kind: 'team', item: team, names: named(team.name, team.nameEn), popularity, label: team.name };
  for (const { slug, name, nameEn, startsAt } of extras.tournaments)
    yield {
      kind: 'tournament',
      item: { slug, name, nameEn },
      names: named(name, nameEn),
      // The most recent first among equal matches.
      popularity: startsAt.getTime(),
      label: name,
    };
  for (const { slug, name, nameEn, team, season, reviews } of extras.products)
    yield {
      kind: 'product',
      item: { slug, name, nameEn },
      names: named(name, nameEn, team, season),
      popularity: reviews,
      label: name,
    };
}

const named = (...names: (string | null)[]) => names.filter((n): n is string => !!n);
