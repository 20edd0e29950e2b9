import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ManageTeam, TeamInput, TeamSummary } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { images, jerseys, teams } from '#db/schema/index.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { containsFolded, pageOffset } from '#lib/search.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/service.ts';

/** Active jerseys per team, derived on read. */
const jerseysCount = sql<number>`(select count(*)::int from ${jerseys} where ${jerseys.teamId} = ${teams.id} and ${jerseys.active})`;

const columns = {
  team: teams,
  crest: { id: images.id, width: images.width, height: images.height, variants: images.variants },
  jerseysCount,
};

type Row = {
  team: typeof teams.$inferSelect;
  crest: { id: string; width: number; height: number; variants: number[] } | null;
  jerseysCount: number;
};

function toSummary(row: Row): TeamSummary {
  const t = row.team;
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    country: t.country,
    state: t.state,
    city: t.city,
    baseColor: t.baseColor,
    category: t.category as TeamSummary['category'],
    crest: imageRef(row.crest),
    jerseysCount: row.jerseysCount,
  };
}

const SORTS: Record<string, SQL> = {
  name: asc(teams.name),
  '-name': desc(teams.name),
  country: asc(teams.country),
  '-country': desc(teams.country),
  jerseys: asc(jerseysCount),
  '-jerseys': desc(jerseysCount),
  updated: asc(teams.updatedAt),
  '-updated': desc(teams.updatedAt),
};

export class TeamService {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db.select(columns).from(teams).leftJoin(images, eq(images.id, teams.crestImageId));
  }

  /** Public list: teams with at least one active jersey. */
  async listPublic(q: { search?: string; category?: string; page: number; pageSize: number }) {
    const where = and(
      sql`${jerseysCount} > 0`,
      q.search ? containsFolded(teams.name, q.search) : undefined,
      q.category ? eq(teams.category, q.category) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.select().where(where).orderBy(asc(teams.name)).limit(q.pageSize).offset(pageOffset(q.page, q.pageSize)),
      this.db.select({ n: count() }).from(teams).where(where),
    ]);
    return { items: rows.map(toSummary), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  async bySlug(slug: string): Promise<TeamSummary> {
    const [row] = await this.select().where(eq(teams.slug, slug));
    if (!row) throw notFound();
    return toSummary(row);
  }

  async listManage(q: { search?: string; page: number; pageSize: number; sort?: string }) {
    const where = q.search ? containsFolded(teams.name, q.search) : undefined;
    const [rows, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(SORTS[q.sort ?? 'name'] ?? asc(teams.name), asc(teams.id))
        .limit(q.pageSize)
        .offset(pageOffset(q.page, q.pageSize)),
      this.db.select({ n: count() }).from(teams).where(where),
    ]);
    return { items: rows.map(toManage), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  private async uniqueSlug(name: string, exceptId?: string): Promise<string> {
    const slug = slugify(name);
    if (!slug) throw fieldError('name', 'teamNameRequired');
    const [clash] = await this.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.slug, slug), exceptId ? ne(teams.id, exceptId) : undefined));
    if (clash) throw fieldError('name', 'slugTaken');
    return slug;
  }

  async create(input: TeamInput & { state?: string | null }): Promise<ManageTeam> {
    const slug = await this.uniqueSlug(input.name);
    const [row] = await this.db
      .insert(teams)
      .values({ ...input, state: input.state ?? null, crestImageId: input.crestImageId ?? null, slug })
      .onConflictDoNothing()
      .returning({ id: teams.id });
    if (!row) throw fieldError('name', 'slugTaken');
    return this.manageById(row.id);
  }

  async update(id: string, input: TeamInput & { state?: string | null }): Promise<ManageTeam> {
    const slug = await this.uniqueSlug(input.name, id);
    const [row] = await this.db
      .update(teams)
      .set({
        ...input,
        state: input.state ?? null,
        crestImageId: input.crestImageId ?? null,
        slug,
        updatedAt: new Date(),
      })
      .where(eq(teams.id, id))
      .returning({ id: teams.id });
    if (!row) throw notFound();
    return this.manageById(id);
  }

  /** A team that still has jerseys is refused with the count, never orphaned. */
  async remove(id: string): Promise<void> {
    const [used] = await this.db.select({ n: count() }).from(jerseys).where(eq(jerseys.teamId, id));
    if (used && used.n > 0) throw new AppError(409, 'IN_USE', { count: used.n });
    const deleted = await this.db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    if (deleted.length === 0) throw notFound();
  }

  async manageById(id: string): Promise<ManageTeam> {
    const [row] = await this.select().where(eq(teams.id, id));
    if (!row) throw notFound();
    return toManage(row);
  }
}

function toManage(row: Row): ManageTeam {
  return {
    ...toSummary(row),
    createdAt: row.team.createdAt.toISOString(),
    updatedAt: row.team.updatedAt.toISOString(),
  };
}
