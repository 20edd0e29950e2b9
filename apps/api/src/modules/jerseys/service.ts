import { type SQL, and, asc, count, desc, eq, gte, lte, max, min, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { JerseyDetail, JerseyInput, JerseySummary, ManageJersey, NamedRef } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { images, jerseys, models, suppliers, teams, votes } from '#db/schema/index.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { containsFolded, pageOffset } from '#lib/search.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/service.ts';
import type { TeamService } from '#modules/teams/service.ts';

const image = alias(images, 'jersey_image');

const columns = {
  jersey: jerseys,
  team: { slug: teams.slug, name: teams.name },
  model: { slug: models.slug, name: models.name },
  supplier: { slug: suppliers.slug, name: suppliers.name },
  image: { id: image.id, width: image.width, height: image.height, variants: image.variants },
};

type Row = {
  jersey: typeof jerseys.$inferSelect;
  team: NamedRef;
  model: NamedRef;
  supplier: NamedRef;
  image: { id: string; width: number; height: number; variants: number[] } | null;
};

export type CatalogueJersey = JerseySummary & { teamId: string; modelId: string; supplierId: string };

function toSummary(row: Row): JerseySummary {
  const j = row.jersey;
  return {
    id: j.id,
    slug: j.slug,
    team: row.team,
    model: row.model,
    supplier: row.supplier,
    season: j.season,
    modelYear: j.modelYear,
    mainColor: j.mainColor,
    image: imageRef(row.image),
    active: j.active,
  };
}

function toManage(row: Row): ManageJersey {
  const j = row.jersey;
  return {
    ...toSummary(row),
    teamId: j.teamId,
    modelId: j.modelId,
    supplierId: j.supplierId,
    imageId: j.imageId,
    imageSourceText: j.imageSourceText,
    imageSourceUrl: j.imageSourceUrl,
    description: j.description,
    masterSponsor: j.masterSponsor,
    updatedAt: j.updatedAt.toISOString(),
  };
}

const MANAGE_SORTS: Record<string, SQL[]> = {
  season: [asc(jerseys.season)],
  '-season': [desc(jerseys.season)],
  team: [asc(teams.name), desc(jerseys.season)],
  '-team': [desc(teams.name), desc(jerseys.season)],
  updated: [asc(jerseys.updatedAt)],
  '-updated': [desc(jerseys.updatedAt)],
};

export class JerseyService {
  constructor(
    private readonly db: Db,
    private readonly teams: TeamService,
  ) {}

  private select() {
    return this.db
      .select(columns)
      .from(jerseys)
      .innerJoin(teams, eq(teams.id, jerseys.teamId))
      .innerJoin(models, eq(models.id, jerseys.modelId))
      .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
      .leftJoin(image, eq(image.id, jerseys.imageId));
  }

  /** A team's active jerseys with filters, plus the filter options its catalogue offers. */
  async listForTeam(
    teamSlug: string,
    q: {
      seasonFrom?: number;
      seasonTo?: number;
      model?: string;
      supplier?: string;
      sort: 'season_desc' | 'season_asc';
      page: number;
      pageSize: number;
    },
  ) {
    const team = await this.teams.bySlug(teamSlug);
    const scope = and(eq(jerseys.teamId, team.id), eq(jerseys.active, true));
    const where = and(
      scope,
      q.seasonFrom ? gte(jerseys.season, q.seasonFrom) : undefined,
      q.seasonTo ? lte(jerseys.season, q.seasonTo) : undefined,
      q.model ? eq(models.slug, q.model) : undefined,
      q.supplier ? eq(suppliers.slug, q.supplier) : undefined,
    );
    const order =
      q.sort === 'season_asc' ? [asc(jerseys.season), asc(models.name)] : [desc(jerseys.season), asc(models.name)];
    const [rows, [total], modelOptions, supplierOptions, [seasons]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...order, asc(jerseys.id))
        .limit(q.pageSize)
        .offset(pageOffset(q.page, q.pageSize)),
      this.db
        .select({ n: count() })
        .from(jerseys)
        .innerJoin(models, eq(models.id, jerseys.modelId))
        .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
        .where(where),
      this.db
        .selectDistinct({ slug: models.slug, name: models.name })
        .from(jerseys)
        .innerJoin(models, eq(models.id, jerseys.modelId))
        .where(scope)
        .orderBy(asc(models.name)),
      this.db
        .selectDistinct({ slug: suppliers.slug, name: suppliers.name })
        .from(jerseys)
        .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
        .where(scope)
        .orderBy(asc(suppliers.name)),
      this.db
        .select({ min: min(jerseys.season), max: max(jerseys.season) })
        .from(jerseys)
        .where(scope),
    ]);
    return {
      team,
      items: rows.map(toSummary),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
      models: modelOptions,
      suppliers: supplierOptions,
      seasons: seasons?.min != null && seasons.max != null ? { min: seasons.min, max: seasons.max } : null,
    };
  }

  async detail(teamSlug: string, jerseySlug: string): Promise<JerseyDetail> {
    const [row] = await this.select().where(
      and(eq(teams.slug, teamSlug), eq(jerseys.slug, jerseySlug), eq(jerseys.active, true)),
    );
    if (!row) throw notFound();
    const [teamInfo, others] = await Promise.all([
      this.teams.bySlug(teamSlug),
      this.select()
        .where(and(eq(jerseys.teamId, row.jersey.teamId), eq(jerseys.active, true), ne(jerseys.id, row.jersey.id)))
        .orderBy(sql`abs(${jerseys.season} - ${row.jersey.season})`, desc(jerseys.season))
        .limit(8),
    ]);
    const j = row.jersey;
    return {
      ...toSummary(row),
      description: j.description,
      masterSponsor: j.masterSponsor,
      imageSource: { text: j.imageSourceText, url: j.imageSourceUrl },
      teamInfo,
      otherJerseys: others.map(toSummary),
    };
  }

  async listManage(q: { search?: string; team?: string; page: number; pageSize: number; sort?: string }) {
    const search = q.search?.trim();
    const where = and(
      q.team ? eq(jerseys.teamId, q.team) : undefined,
      search
        ? sql`(${containsFolded(teams.name, search)} or ${containsFolded(models.name, search)} or ${containsFolded(jerseys.modelYear, search)} or ${containsFolded(suppliers.name, search)})`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...(MANAGE_SORTS[q.sort ?? '-updated'] ?? MANAGE_SORTS['-updated']!), asc(jerseys.id))
        .limit(q.pageSize)
        .offset(pageOffset(q.page, q.pageSize)),
      this.db
        .select({ n: count() })
        .from(jerseys)
        .innerJoin(teams, eq(teams.id, jerseys.teamId))
        .innerJoin(models, eq(models.id, jerseys.modelId))
        .innerJoin(suppliers, eq(suppliers.id, jerseys.supplierId))
        .where(where),
    ]);
    return { items: rows.map(toManage), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  async manageById(id: string): Promise<ManageJersey> {
    const [row] = await this.select().where(eq(jerseys.id, id));
    if (!row) throw notFound();
    return toManage(row);
  }

  /** "2024-titular", then "2024-titular-2"… unique within the team. */
  private async slugFor(teamId: string, season: number, modelId: string, exceptId?: string): Promise<string> {
    const [model] = await this.db.select({ slug: models.slug }).from(models).where(eq(models.id, modelId));
    if (!model) throw fieldError('modelId', 'modelRequired');
    const base = slugify(`${season} ${model.slug}`);
    const taken = new Set(
      (
        await this.db
          .select({ slug: jerseys.slug })
          .from(jerseys)
          .where(
            and(
              eq(jerseys.teamId, teamId),
              sql`${jerseys.slug} like ${`${base}%`}`,
              exceptId ? ne(jerseys.id, exceptId) : undefined,
            ),
          )
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  private async checkReferences(input: JerseyInput) {
    const [[team], [supplier], [img]] = await Promise.all([
      this.db.select({ id: teams.id }).from(teams).where(eq(teams.id, input.teamId)),
      this.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplierId)),
      this.db.select({ id: images.id }).from(images).where(eq(images.id, input.imageId)),
    ]);
    if (!team) throw fieldError('teamId', 'teamRequired');
    if (!supplier) throw fieldError('supplierId', 'supplierRequired');
    if (!img) throw fieldError('imageId', 'imageRequired');
  }

  private values(input: JerseyInput) {
    return {
      teamId: input.teamId,
      modelId: input.modelId,
      supplierId: input.supplierId,
      season: Number(input.season),
      modelYear: input.modelYear,
      mainColor: input.mainColor.toUpperCase(),
      imageId: input.imageId,
      imageSourceText: input.imageSourceText,
      imageSourceUrl: input.imageSourceUrl ?? null,
      description: input.description ?? null,
      masterSponsor: input.masterSponsor ?? null,
      ...(input.active === undefined ? {} : { active: input.active }),
    };
  }

  async create(input: JerseyInput): Promise<ManageJersey> {
    await this.checkReferences(input);
    const slug = await this.slugFor(input.teamId, Number(input.season), input.modelId);
    const [row] = await this.db
      .insert(jerseys)
      .values({ ...this.values(input), slug })
      .returning({ id: jerseys.id });
    return this.manageById(row!.id);
  }

  async update(id: string, input: JerseyInput): Promise<ManageJersey> {
    const current = await this.manageById(id);
    await this.checkReferences(input);
    const sameKey =
      current.teamId === input.teamId && current.modelId === input.modelId && current.season === Number(input.season);
    const slug = sameKey ? current.slug : await this.slugFor(input.teamId, Number(input.season), input.modelId, id);
    await this.db
      .update(jerseys)
      .set({ ...this.values(input), slug, updatedAt: new Date() })
      .where(eq(jerseys.id, id));
    return this.manageById(id);
  }

  async setActive(id: string, active: boolean): Promise<ManageJersey> {
    const rows = await this.db
      .update(jerseys)
      .set({ active, updatedAt: new Date() })
      .where(eq(jerseys.id, id))
      .returning({ id: jerseys.id });
    if (rows.length === 0) throw notFound();
    return this.manageById(id);
  }

  async remove(id: string): Promise<void> {
    // Votes are append-only: a voted jersey can be deactivated (out of duels and rankings), not deleted.
    const [voted] = await this.db
      .select({ n: count() })
      .from(votes)
      .where(or(eq(votes.leftId, id), eq(votes.rightId, id)));
    if (voted && voted.n > 0) throw new AppError(409, 'HAS_VOTES', { count: voted.n });
    const rows = await this.db.delete(jerseys).where(eq(jerseys.id, id)).returning({ id: jerseys.id });
    if (rows.length === 0) throw notFound();
  }

  /** Every jersey (active or not) as a summary with its keys: the duel pool and ranking snapshots. */
  async catalogue(): Promise<CatalogueJersey[]> {
    const rows = await this.select();
    return rows.map((row) => ({
      ...toSummary(row),
      teamId: row.jersey.teamId,
      modelId: row.jersey.modelId,
      supplierId: row.jersey.supplierId,
    }));
  }

  async options() {
    const [teamRows, modelRows, supplierRows] = await Promise.all([
      this.db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name)),
      this.db.select({ id: models.id, name: models.name }).from(models).orderBy(asc(models.name)),
      this.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name)),
    ]);
    return { teams: teamRows, models: modelRows, suppliers: supplierRows };
  }
}
