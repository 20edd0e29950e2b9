import { Refreshing } from '#lib/refreshing.ts';
import { inScope } from '#lib/scopes.ts';
import type { CatalogueCache, CatalogueJersey, CatalogueSnapshot } from '#modules/jerseys/index.ts';
import { ELO_START, type EloState } from './elo.ts';
import type { Candidate } from './pair-sampler.ts';
import type { RatingRow } from './repository.ts';

/** How long the copy is trusted before reloading (other processes' votes). */
const MAX_AGE_MS = 15_000;

interface LiveRating extends Candidate {
  rating: number;
  games: number;
}

interface Ratings {
  /** scope → jersey id → live rating; the objects are updated in place as votes commit. */
  byScope: Map<string, Map<string, LiveRating>>;
  /** scope → its active jerseys' ratings, built on first use from one catalogue copy (shared with byScope). */
  candidates: Map<string, { catalogue: CatalogueSnapshot; list: LiveRating[] }>;
}

/**
 * The live Elo ratings per scope in memory, with each scope's sampler candidates, so issuing a duel
 * needs no database round trip (docs/performance.md). Reloaded when older than 15 s or after
 * invalidate(); this process's votes update it as they commit.
 */
export class LiveRatings {
  private readonly copy: Refreshing<Ratings>;

  constructor(
    private readonly catalogue: CatalogueCache,
    load: () => Promise<RatingRow[]>,
    now: () => number = Date.now,
  ) {
    this.copy = new Refreshing(async () => toRatings(await load()), MAX_AGE_MS, now);
  }

  /** The next reader waits for a fresh copy (after ratings were written outside this process's votes). */
  invalidate(): void {
    this.copy.invalidate();
  }

  /**
   * Active jerseys of a scope as sampler candidates (the same objects each time, so a request
   * allocates nothing here), and every jersey by id.
   */
  async candidates(scope: string): Promise<Pool> {
    const [catalogue, ratings] = await Promise.all([this.catalogue.snapshot(), this.copy.get()]);
    return pool(scope, catalogue, ratings);
  }

  /** candidates() without waiting, when the catalogue and the ratings are both in memory (nearly always). */
  candidatesNow(scope: string): Pool | undefined {
    const catalogue = this.catalogue.snapshotNow();
    const ratings = this.copy.ready();
    return catalogue && ratings ? pool(scope, catalogue, ratings) : undefined;
  }

  async rating(scope: string, jerseyId: string): Promise<EloState> {
    const state = (await this.copy.get()).byScope.get(scope)?.get(jerseyId);
    return state ? { rating: state.rating, games: state.games } : { rating: ELO_START, games: 0 };
  }

  /** Records ratings a committed vote returned. */
  set(scope: string, jerseyId: string, state: EloState): void {
    const ratings = this.copy.peek();
    if (!ratings) return;
    const live = stateOf(ratings, scope, jerseyId);
    live.rating = state.rating;
    live.games = state.games;
  }
}

/** Active jerseys of a scope as sampler candidates, and every jersey by id. */
interface Pool {
  list: readonly Candidate[];
  jerseys: ReadonlyMap<string, CatalogueJersey>;
}

/** A scope's candidates, built once per catalogue copy and ratings copy. */
function pool(scope: string, catalogue: CatalogueSnapshot, ratings: Ratings): Pool {
  let built = ratings.candidates.get(scope);
  if (built?.catalogue !== catalogue) {
    const list = [...catalogue.jerseys.values()]
      .filter((j) => j.active && inScope(scope, j))
      .map((j) => stateOf(ratings, scope, j.id));
    ratings.candidates.set(scope, (built = { catalogue, list }));
  }
  return { list: built.list, jerseys: catalogue.jerseys };
}

function toRatings(rows: RatingRow[]): Ratings {
  const byScope = new Map<string, Map<string, LiveRating>>();
  for (const r of rows) {
    let scope = byScope.get(r.scope);
    if (!scope) byScope.set(r.scope, (scope = new Map()));
    scope.set(r.jersey_id, { id: r.jersey_id, rating: Number(r.rating), games: Number(r.games) });
  }
  return { byScope, candidates: new Map() };
}

function stateOf(ratings: Ratings, scope: string, id: string): LiveRating {
  let forScope = ratings.byScope.get(scope);
  if (!forScope) ratings.byScope.set(scope, (forScope = new Map()));
  let state = forScope.get(id);
  if (!state) forScope.set(id, (state = { id, rating: ELO_START, games: 0 }));
  return state;
}
