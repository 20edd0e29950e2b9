import type { BilingualRef, JerseySummary } from '@manto/contracts';
import { Refreshing } from '#lib/refreshing.ts';
import type { CatalogueJersey } from './service.ts';

/** How long the cache trusts its copy before asking whether the catalogue changed (other processes' edits). */
const MAX_AGE_MS = 15_000;
/** At most one reload per this long for slugs this process does not know. */
const MISS_RELOAD_MS = 2_000;

export type CatalogueRef = BilingualRef & { id: string };

/** Where the cache loads from (catalogue-source.ts reads the database). */
export interface CatalogueSource {
  /**
   * A cheap fingerprint of the catalogue that changes with any edit to what a copy holds: an unchanged one
   * spares the reload of every jersey.
   */
  version(): Promise<string>;
  jerseys(): Promise<CatalogueJersey[]>;
  teams(): Promise<CatalogueRef[]>;
  models(): Promise<CatalogueRef[]>;
}

/** One loaded copy; a new object after every reload, so readers may key their own caches on it. */
export interface CatalogueSnapshot {
  readonly jerseys: ReadonlyMap<string, CatalogueJersey>;
  readonly teams: ReadonlyMap<string, CatalogueRef>;
  readonly models: ReadonlyMap<string, CatalogueRef>;
  readonly teamsById: ReadonlyMap<string, CatalogueRef>;
  readonly modelsById: ReadonlyMap<string, CatalogueRef>;
}

/**
 * The catalogue in memory — jerseys, teams and models by id and slug — so issuing a duel or serving a
 * ranking reads no catalogue row (docs/performance.md). Reloaded at once after a catalogue edit in this
 * process (app.ts calls invalidate()), and when older than 15 s if the source's version changed: reloading
 * 10 000 jerseys takes the event loop for a few hundred milliseconds (a tail in every request's latency),
 * and the same copy keeps the indexes readers build on it (the search's, the jersey pages').
 */
export class CatalogueCache {
  private readonly copy: Refreshing<CatalogueSnapshot>;
  private lastMissReload = -Infinity;
  /** The copy and the source's version it was loaded at. */
  private loaded: { version: string; copy: CatalogueSnapshot } | null = null;
  /** The next load is whole whatever the version says (after invalidate()). */
  private forced = false;

  constructor(
    private readonly source: CatalogueSource,
    private readonly now: () => number = Date.now,
  ) {
    this.copy = new Refreshing(() => this.load(), MAX_AGE_MS, now);
  }

  /** The next reader waits for a fresh copy (after a catalogue edit in this process). */
  invalidate(): void {
    this.forced = true;
    this.copy.invalidate();
  }

  /** The next reader waits for the version's answer, and a fresh copy if it changed. */
  private recheck(): void {
    this.copy.invalidate();
  }

  snapshot(): Promise<CatalogueSnapshot> {
    return this.copy.get();
  }

  /** The snapshot without waiting, when one is loaded and current (Refreshing.ready). */
  snapshotNow(): CatalogueSnapshot | undefined {
    return this.copy.ready();
  }

  /** A team by slug; an unknown one makes the cache look again (at most every few seconds: anyone can send slugs). */
  async team(slug: string): Promise<CatalogueRef | null> {
    return this.findBySlug((s) => s.teams.get(slug));
  }

  async model(slug: string): Promise<CatalogueRef | null> {
    return this.findBySlug((s) => s.models.get(slug));
  }

  async teamById(id: string): Promise<CatalogueRef | null> {
    return (await this.snapshot()).teamsById.get(id) ?? null;
  }

  async modelById(id: string): Promise<CatalogueRef | null> {
    return (await this.snapshot()).modelsById.get(id) ?? null;
  }

  /** Every jersey by id, active or not (ranking rows are drawn from it). */
  async jerseys(): Promise<ReadonlyMap<string, CatalogueJersey>> {
    return (await this.snapshot()).jerseys;
  }

  /**
   * Every jersey as the database has it now (a ranking fit's): the version asked at once, and the rows
   * reloaded only if it changed.
   */
  async currentJerseys(): Promise<ReadonlyMap<string, CatalogueJersey>> {
    this.recheck();
    return (await this.snapshot()).jerseys;
  }

  /** Any jersey, active or not; looks again when it is unknown (created in another process). */
  async jersey(id: string): Promise<CatalogueJersey | null> {
    const found = (await this.snapshot()).jerseys.get(id);
    if (found) return found;
    this.recheck();
    return (await this.snapshot()).jerseys.get(id) ?? null;
  }

  /**
   * An active jersey by its team's slug and its own (a jersey page's address), from the current copy;
   * no reload for an unknown one (anyone can send slugs, and the page does without).
   */
  async activeJersey(teamSlug: string, jerseySlug: string): Promise<CatalogueJersey | null> {
    const snapshot = await this.snapshot();
    let index = bySlugs.get(snapshot);
    if (!index) {
      index = new Map(
        [...snapshot.jerseys.values()].filter((j) => j.active).map((j) => [`${j.team.slug}/${j.slug}`, j]),
      );
      bySlugs.set(snapshot, index);
    }
    return index.get(`${teamSlug}/${jerseySlug}`) ?? null;
  }

  /** Created in another process since the last load? Look again, throttled. */
  private async findBySlug<T>(find: (s: CatalogueSnapshot) => T | undefined): Promise<T | null> {
    const found = find(await this.snapshot());
    if (found || this.now() - this.lastMissReload < MISS_RELOAD_MS) return found ?? null;
    this.lastMissReload = this.now();
    this.recheck();
    return find(await this.snapshot()) ?? null;
  }

  private async load(): Promise<CatalogueSnapshot> {
    const forced = this.forced;
    this.forced = false;
    // Read before the rows: an edit made meanwhile changes the version again, so the next check reloads.
    const version = await this.source.version();
    if (!forced && this.loaded?.version === version) return this.loaded.copy;
    const copy = await load(this.source);
    this.loaded = { version, copy };
    return copy;
  }
}

/** Each copy's active jerseys by `team/jersey` slugs, built at its first jersey page. */
const bySlugs = new WeakMap<CatalogueSnapshot, Map<string, CatalogueJersey>>();

async function load(source: CatalogueSource): Promise<CatalogueSnapshot> {
  const [jerseys, teams, models] = await Promise.all([source.jerseys(), source.teams(), source.models()]);
  return {
    jerseys: new Map(jerseys.map((j) => [j.id, j])),
    teams: new Map(teams.map((t) => [t.slug, t])),
    models: new Map(models.map((m) => [m.slug, m])),
    teamsById: new Map(teams.map((t) => [t.id, t])),
    modelsById: new Map(models.map((m) => [m.id, m])),
  };
}

/** A catalogue jersey as the public sees it: without its foreign keys. */
export function summary(j: CatalogueJersey): JerseySummary {
  const { teamId: _t, modelId: _m, supplierId: _s, ...rest } = j;
  return rest;
}

/** A cached team or model as the public sees it: without its id. */
export function bilingual({ slug, name, nameEn }: CatalogueRef): BilingualRef {
  return { slug, name, nameEn };
}
