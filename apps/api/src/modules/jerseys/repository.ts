import { type SQL, and, asc, count, desc, eq, gte, inArray, lte, max, min, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BilingualRef, NamedRef, TeamRef } from '@manto/contracts';
import { type Db, queryRows } from '#db/client.ts';
import { images, jerseys, models, suppliers, teams, tournamentEntrants, votes } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';
import type { ImageRow } from '#modules/images/index.ts';

const image = alias(images, 'jersey_image');

const columns = {
  jersey: jerseys,
  team: { slug: teams.slug, name: teams.name, nameEn: teams.nameEn, article: teams.article },
  model: { slug: models.slug, name: models.name, nameEn: models.nameEn },
  supplier: { slug: suppliers.slug, name: suppliers.name },
  image: { id: image.id, width: image.width, height: image.height, variants: image.variants },
};

export type JerseyRow = {
  jersey: typeof jerseys.$inferSelect;
  team: TeamRef;
  model: BilingualRef;
  supplier: NamedRef;
  image: ImageRow | null;
};

/** A jersey as the management form writes it. */
export type JerseyValues = Omit<typeof jerseys.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The filters and page of a team's public jersey list. */
export type TeamJerseysQuery = PageRequest & {
  seasonFrom?: number;
  seasonTo?: number;
  model?: string;
  supplier?: string;
  sort: 'season_desc' | 'season_asc';
};

const MANAGE_SORTS = {
  season: [asc(jerseys.season)],
  '-season': [desc(jerseys.season)],
  team: [asc(teams.name), desc(jerseys.season)],
  '-team': [desc(teams.name), desc(jerseys.season)],
  updated: [asc(jerseys.updatedAt)],
  '-updated': [desc(jerseys.updatedAt)],
};

export class JerseyRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select(columns)
      .from(jerseys)
      .innerJoin(teams, eq(teams.id, jerseys.teamId))
      .innerJoin(models, eq(models.id, jerseys.modelId))
      .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
      .leftJoin(image, eq(image.id, jerseys.imageId))
      .$dynamic();
  }

  /** How many rows `select()` would find under `where`. */
  private count(where: SQL | undefined) {
    return this.db
      .select({ n: count() })
      .from(jerseys)
      .innerJoin(teams, eq(teams.id, jerseys.teamId))
      .innerJoin(models, eq(models.id, jerseys.modelId))
      .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
      .where(where);
  }

  /** A team's active jerseys with filters, plus the models, suppliers and seasons of all of them. */
  async listForTeam(teamId: string, q: TeamJerseysQuery) {
    const scope = and(eq(jerseys.teamId, teamId), eq(jerseys.active, true));
    const where = and(
      scope,
      q.seasonFrom ? gte(jerseys.season, q.seasonFrom) : undefined,
      q.seasonTo ? lte(jerseys.season, q.seasonTo) : undefined,
      q.model ? eq(models.slug, q.model) : undefined,
      q.supplier ? eq(suppliers.slug, q.supplier) : undefined,
    );
    const season = q.sort === 'season_asc' ? asc(jerseys.season) : desc(jerseys.season);
    const [page, modelOptions, supplierOptions, [seasons]] = await Promise.all([
      selectPage(this.select().where(where).orderBy(season, asc(models.name), asc(jerseys.id)), this.count(where), q),
      this.usedIn(scope, models, jerseys.modelId, models.nameEn),
      this.usedIn(scope, suppliers, jerseys.supplierId),
      this.db
        .select({ min: min(jerseys.season), max: max(jerseys.season) })
        .from(jerseys)
        .where(scope),
    ]);
    return { page, models: modelOptions, suppliers: supplierOptions, seasons: seasons ?? null };
  }

  /** The models or suppliers the jerseys under `where` reference, by name (a supplier has no English one). */
  private usedIn(
    where: SQL | undefined,
    table: typeof models | typeof suppliers,
    column: typeof jerseys.modelId | typeof jerseys.supplierId,
    nameEn: typeof models.nameEn | SQL<null> = sql<null>`null`,
  ): Promise<BilingualRef[]> {
    return this.db
      .selectDistinct({ slug: table.slug, name: table.name, nameEn })
      .from(jerseys)
      .innerJoin(table, eq(table.id, column))
      .where(where)
      .orderBy(asc(table.name));
  }

  async activeBySlugs(teamSlug: string, jerseySlug: string): Promise<JerseyRow | null> {
    const [row] = await this.select().where(
      and(eq(teams.slug, teamSlug), eq(jerseys.slug, jerseySlug), eq(jerseys.active, true)),
    );
    return row ?? null;
  }

  /** The team's other active jerseys, nearest season first. */
  async nearestSeasons(jersey: { id: string; teamId: string; season: number }, limit: number): Promise<JerseyRow[]> {
    return this.select()
      .where(and(eq(jerseys.teamId, jersey.teamId), eq(jerseys.active, true), ne(jerseys.id, jersey.id)))
      .orderBy(sql`abs(${jerseys.season} - ${jersey.season})`, desc(jerseys.season))
      .limit(limit);
  }

  /** Any jersey whose team, model, model year or supplier contains the search. */
  async list(
    q: PageRequest & { search?: string; team?: string; sort?: string; ids?: string[] },
  ): Promise<RowsPage<JerseyRow>> {
    const search = q.search?.trim();
    const where = and(
      q.team ? eq(jerseys.teamId, q.team) : undefined,
      q.ids ? (q.ids.length > 0 ? inArray(jerseys.id, q.ids) : sql`false`) : undefined,
      search
        ? sql`(${containsFolded(teams.name, search)} or ${containsFolded(models.name, search)} or ${containsFolded(teams.nameEn, search)} or ${containsFolded(models.nameEn, search)} or ${containsFolded(jerseys.modelYear, search)} or ${containsFolded(suppliers.name, search)})`
        : undefined,
    );
    const order = sortOrder(MANAGE_SORTS, q.sort, '-updated', jerseys.id);
    return selectPage(
      this.select()
        .where(where)
        .orderBy(...order),
      this.count(where),
      q,
    );
  }

  async byId(id: string): Promise<JerseyRow | null> {
    const [row] = await this.select().where(eq(jerseys.id, id));
    return row ?? null;
  }

  /** Every jersey, active or not. */
  async all(): Promise<JerseyRow[]> {
    return this.select();
  }

  async modelSlug(modelId: string): Promise<string | null> {
    const [model] = await this.db.select({ slug: models.slug }).from(models).where(eq(models.id, modelId));
    return model?.slug ?? null;
  }

  /** The team's jersey slugs starting with `prefix`, but the jersey `exceptId`'s. */
  async slugsStartingWith(teamId: string, prefix: string, exceptId?: string): Promise<string[]> {
    const rows = await this.db
      .select({ slug: jerseys.slug })
      .from(jerseys)
      .where(
        and(
          eq(jerseys.teamId, teamId),
          sql`${jerseys.slug} like ${`${prefix}%`}`,
          exceptId ? ne(jerseys.id, exceptId) : undefined,
        ),
      );
    return rows.map((r) => r.slug);
  }

  /** Which of the records a jersey points to exist. */
  async referencesExist(ids: { teamId: string; supplierId: string; imageId: string }) {
    const [[team], [supplier], [img]] = await Promise.all([
      this.db.select({ id: teams.id }).from(teams).where(eq(teams.id, ids.teamId)),
      this.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, ids.supplierId)),
      this.db.select({ id: images.id }).from(images).where(eq(images.id, ids.imageId)),
    ]);
    return { team: Boolean(team), supplier: Boolean(supplier), image: Boolean(img) };
  }

  async insert(values: JerseyValues): Promise<string> {
    const [row] = await this.db.insert(jerseys).values(values).returning({ id: jerseys.id });
    return row!.id;
  }

  /** False when there is no such jersey. */
  async update(id: string, values: Partial<JerseyValues>): Promise<boolean> {
    const rows = await this.db
      .update(jerseys)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(jerseys.id, id))
      .returning({ id: jerseys.id });
    return rows.length > 0;
  }

  /** Votes in which the jersey took part. */
  async voteCount(id: string): Promise<number> {
    const [voted] = await this.db
      .select({ n: count() })
      .from(votes)
      .where(or(eq(votes.leftId, id), eq(votes.rightId, id)));
    return voted?.n ?? 0;
  }

  /** Tournaments the jersey was drawn into: it stays in their brackets for good (docs/tournaments.md §3). */
  async tournamentCount(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.jerseyId, id));
    return row?.n ?? 0;
  }

  /** False when there is no such jersey. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(jerseys).where(eq(jerseys.id, id)).returning({ id: jerseys.id });
    return rows.length > 0;
  }

  /** Every team, model and supplier by name: the options of the jersey form. */
  async options() {
    const [teamRows, modelRows, supplierRows] = await Promise.all([
      this.db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name)),
      this.db.select({ id: models.id, name: models.name }).from(models).orderBy(asc(models.name)),
      this.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name)),
    ]);
    return { teams: teamRows, models: modelRows, suppliers: supplierRows };
  }

  /**
   * The catalogue cache's version: the newest edit and the number of rows of every table a cached jersey is
   * drawn from (an edit stamps updated_at, a delete lowers the count), and the images' variants, which a
   * jersey's picture lists. Small tables and one pass over the images: no row is sent.
   */
  async catalogueVersion(): Promise<string> {
    const stamp = (table: typeof jerseys | typeof teams | typeof models | typeof suppliers) =>
      sql`(select max(${table.updatedAt})::text || '/' || count(*) from ${table})`;
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select ${stamp(jerseys)} as jerseys, ${stamp(teams)} as teams, ${stamp(models)} as models,
                 ${stamp(suppliers)} as suppliers,
                 (select count(*) || '/' || coalesce(sum(cardinality(${images.variants})), 0) from ${images}) as images`,
    );
    return JSON.stringify(row);
  }

  /** Every team (or model) by id, slug and name: what the catalogue cache looks slugs up in. */
  async refs(of: 'teams' | 'models') {
    const t = of === 'teams' ? teams : models;
    return this.db.select({ id: t.id, slug: t.slug, name: t.name, nameEn: t.nameEn }).from(t);
  }
}
