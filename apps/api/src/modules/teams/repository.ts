import { type SQL, and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { images, jerseys, teams } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';
import type { ImageRow } from '#modules/images/index.ts';

/** Active jerseys per team, derived on read. */
const jerseysCount = sql<number>`(select count(*)::int from ${jerseys} where ${jerseys.teamId} = ${teams.id} and ${jerseys.active})`;

const columns = {
  team: teams,
  crest: { id: images.id, width: images.width, height: images.height, variants: images.variants },
  jerseysCount,
};

export type TeamRow = {
  team: typeof teams.$inferSelect;
  crest: ImageRow | null;
  jerseysCount: number;
};

/** A team as the management form writes it. */
export type TeamValues = Omit<typeof teams.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const MANAGE_SORTS = {
  name: [asc(teams.name)],
  '-name': [desc(teams.name)],
  country: [asc(teams.country)],
  '-country': [desc(teams.country)],
  jerseys: [asc(jerseysCount)],
  '-jerseys': [desc(jerseysCount)],
  updated: [asc(teams.updatedAt)],
  '-updated': [desc(teams.updatedAt)],
};

export class TeamRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db.select(columns).from(teams).leftJoin(images, eq(images.id, teams.crestImageId)).$dynamic();
  }

  private count(where: SQL | undefined) {
    return this.db.select({ n: count() }).from(teams).where(where);
  }

  /** Teams with at least one active jersey, by name. */
  async listWithJerseys(q: PageRequest & { search?: string; category?: string }): Promise<RowsPage<TeamRow>> {
    const where = and(
      sql`${jerseysCount} > 0`,
      q.search ? or(containsFolded(teams.name, q.search), containsFolded(teams.nameEn, q.search)) : undefined,
      q.category ? eq(teams.category, q.category) : undefined,
    );
    return selectPage(this.select().where(where).orderBy(asc(teams.name)), this.count(where), q);
  }

  async list(q: PageRequest & { search?: string; sort?: string }): Promise<RowsPage<TeamRow>> {
    const where = q.search
      ? or(containsFolded(teams.name, q.search), containsFolded(teams.nameEn, q.search))
      : undefined;
    const order = sortOrder(MANAGE_SORTS, q.sort, 'name', teams.id);
    return selectPage(
      this.select()
        .where(where)
        .orderBy(...order),
      this.count(where),
      q,
    );
  }

  /** Every team, by name: the options of a select. */
  async options() {
    return this.db
      .select({ slug: teams.slug, name: teams.name, nameEn: teams.nameEn, category: teams.category })
      .from(teams)
      .orderBy(asc(teams.name));
  }

  async bySlug(slug: string): Promise<TeamRow | null> {
    const [row] = await this.select().where(eq(teams.slug, slug));
    return row ?? null;
  }

  async byId(id: string): Promise<TeamRow | null> {
    const [row] = await this.select().where(eq(teams.id, id));
    return row ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const [clash] = await this.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.slug, slug), exceptId ? ne(teams.id, exceptId) : undefined));
    return Boolean(clash);
  }

  /** The new team's id; null when its slug was taken meanwhile. */
  async insert(values: TeamValues): Promise<string | null> {
    const [row] = await this.db.insert(teams).values(values).onConflictDoNothing().returning({ id: teams.id });
    return row?.id ?? null;
  }

  /** False when there is no such team. */
  async update(id: string, values: TeamValues): Promise<boolean> {
    const rows = await this.db
      .update(teams)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(teams.id, id))
      .returning({ id: teams.id });
    return rows.length > 0;
  }

  /** Jerseys of the team, active or not. */
  async jerseyCount(id: string): Promise<number> {
    const [used] = await this.db.select({ n: count() }).from(jerseys).where(eq(jerseys.teamId, id));
    return used?.n ?? 0;
  }

  /** False when there is no such team. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return rows.length > 0;
  }
}
