import type { JerseySummary, NamedRef } from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import { models, teams } from '#db/schema/index.ts';
import { sql } from 'drizzle-orm';
import type { CatalogueJersey, JerseyService } from '#modules/jerseys/service.ts';
import { inScope } from '#lib/scopes.ts';
import { ELO_START, type EloState } from './elo.ts';
import type { Candidate } from './pair-sampler.ts';

/** How long the pool trusts its copy before reloading (other processes' catalogue edits and votes). */
const MAX_AGE_MS = 15_000;
/** At most one reload per this long for slugs this process does not know. */
const MISS_RELOAD_MS = 2_000;

interface LiveRating extends Candidate {
  rating: number;
  games: number;
}

interface Snapshot {
  version: number;
  loadedAt: number;
  jerseys: Map<string, CatalogueJersey>;
  teams: Map<string, NamedRef & { id: string }>;
  models: Map<string, NamedRef & { id: string }>;
  teamsById: Map<string, NamedRef & { id: string }>;
  modelsById: Map<string, NamedRef & { id: string }>;
  /** scope → jersey id → live rating; the objects are updated in place as votes commit. */
  ratings: Map<string, Map<string, LiveRating>>;
  /** scope → its active jerseys' ratings (built on first use, shared with `ratings`). */
  scopes: Map<string, LiveRating[]>;
}

/**
 * The catalogue and live ratings in memory, so issuing a duel needs no database round trip
 * (performance.md). Reloaded when older than 15 s, and at once after a catalogue edit in this process.
 * This process's votes update it as they commit.
 */
export class DuelPool {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by invalidate(); a snapshot loaded for an older version must be reloaded before use. */
  private wanted = 0;

  constructor(
    private readonly db: Db,
    private readonly jerseys: JerseyService,
    private readonly now: () => number = Date.now,
  ) {}

  /** The next reader waits for a fresh copy (after a catalogue edit in this process). */
  invalidate(): void {
    this.wanted++;
  }

  private async current(): Promise<Snapshot> {
    const s = this.snapshot;
    if (!s || s.version < this.wanted) return this.reload();
    // Merely old: serve this copy and refresh in the background (a failed refresh keeps it).
    if (this.now() - s.loadedAt >= MAX_AGE_MS) void this.reload().catch(() => undefined);
    return s;
  }

  private reload(): Promise<Snapshot> {
    this.loading ??= this.load(this.wanted).finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(version: number): Promise<Snapshot> {
    const [catalogue, teamRows, modelRows, ratingRows] = await Promise.all([
      this.jerseys.catalogue(),
      this.db.select({ id: teams.id, slug: teams.slug, name: teams.name }).from(teams),
      this.db.select({ id: models.id, slug: models.slug, name: models.name }).from(models),
      queryRows<{ scope: string; jersey_id: string; rating: number; games: number }>(
        this.db,
        sql`select scope, jersey_id, rating, games from live_ratings`,
      ),
    ]);
    const ratings = new Map<string, Map<string, LiveRating>>();
    for (const r of ratingRows) {
      let scope = ratings.get(r.scope);
      if (!scope) ratings.set(r.scope, (scope = new Map()));
      scope.set(r.jersey_id, { id: r.jersey_id, rating: Number(r.rating), games: Number(r.games) });
    }
    const snapshot: Snapshot = {
      version,
      loadedAt: this.now(),
      jerseys: new Map(catalogue.map((j) => [j.id, j])),
      teams: new Map(teamRows.map((t) => [t.slug, t])),
      models: new Map(modelRows.map((m) => [m.slug, m])),
      teamsById: new Map(teamRows.map((t) => [t.id, t])),
      modelsById: new Map(modelRows.map((m) => [m.id, m])),
      ratings,
      scopes: new Map(),
    };
    this.snapshot = snapshot;
    return snapshot;
  }

  /** A team by slug; an unknown one triggers a reload (at most every few seconds: anyone can send slugs). */
  async team(slug: string) {
    return this.findBySlug((s) => s.teams.get(slug));
  }

  async model(slug: string) {
    return this.findBySlug((s) => s.models.get(slug));
  }

  async teamById(id: string) {
    return (await this.current()).teamsById.get(id) ?? null;
  }

  async modelById(id: string) {
    return (await this.current()).modelsById.get(id) ?? null;
  }

  private lastMissReload = -Infinity;

  /** Created in another process since the last load? Look again, throttled. */
  private async findBySlug<T>(find: (s: Snapshot) => T | undefined): Promise<T | null> {
    const found = find(await this.current());
    if (found || this.now() - this.lastMissReload < MISS_RELOAD_MS) return found ?? null;
    this.lastMissReload = this.now();
    this.invalidate();
    return find(await this.current()) ?? null;
  }

  /** Every jersey by id, active or not (ranking rows are drawn from it). */
  async catalogue(): Promise<ReadonlyMap<string, CatalogueJersey>> {
    return (await this.current()).jerseys;
  }

  /** Any jersey, active or not; reloads once when it is unknown (created in another process). */
  async jersey(id: string): Promise<CatalogueJersey | null> {
    const found = (await this.current()).jerseys.get(id);
    if (found) return found;
    this.invalidate();
    return (await this.current()).jerseys.get(id) ?? null;
  }

  /**
   * Active jerseys of a scope as sampler candidates (the same objects each time, so a request
   * allocates nothing here), and every jersey by id.
   */
  async candidates(
    scope: string,
  ): Promise<{ list: readonly Candidate[]; jerseys: ReadonlyMap<string, CatalogueJersey> }> {
    const s = await this.current();
    let list = s.scopes.get(scope);
    if (!list) {
      list = [...s.jerseys.values()].filter((j) => j.active && inScope(scope, j)).map((j) => stateOf(s, scope, j.id));
      s.scopes.set(scope, list);
    }
    return { list, jerseys: s.jerseys };
  }

  async rating(scope: string, jerseyId: string): Promise<EloState> {
    const state = (await this.current()).ratings.get(scope)?.get(jerseyId);
    return state ? { rating: state.rating, games: state.games } : { rating: ELO_START, games: 0 };
  }

  /** Records ratings a committed vote returned. */
  setRating(scope: string, jerseyId: string, state: EloState): void {
    if (!this.snapshot) return;
    const live = stateOf(this.snapshot, scope, jerseyId);
    live.rating = state.rating;
    live.games = state.games;
  }
}

function stateOf(s: Snapshot, scope: string, id: string): LiveRating {
  let ratings = s.ratings.get(scope);
  if (!ratings) s.ratings.set(scope, (ratings = new Map()));
  let state = ratings.get(id);
  if (!state) ratings.set(id, (state = { id, rating: ELO_START, games: 0 }));
  return state;
}

export function summary(j: CatalogueJersey): JerseySummary {
  const { teamId: _t, modelId: _m, supplierId: _s, ...rest } = j;
  return rest;
}
