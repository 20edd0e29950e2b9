import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { images, jerseys, models, suppliers } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';
import type { ImageRow } from '#modules/images/index.ts';

/** The tables of the catalogue's records, and the jerseys column that references each. */
const KINDS = {
  MODEL: { table: models, jerseyColumn: jerseys.modelId },
  SUPPLIER: { table: suppliers, jerseyColumn: jerseys.supplierId },
};
export type CatalogueKind = keyof typeof KINDS;
export const CATALOGUE_KINDS = Object.keys(KINDS) as CatalogueKind[];

export interface CatalogueRow {
  id: string;
  slug: string;
  name: string;
  nameEn: string | null;
  jerseysCount: number;
  logo: ImageRow | null;
}

export interface CatalogueValues {
  name: string;
  slug: string;
  /** Only records with an English name (models) take it. */
  nameEn?: string | null;
  /** Only records with a logo (suppliers) take it. */
  logoImageId?: string | null;
}

export class CatalogueRepository {
  private readonly table: typeof models | typeof suppliers;
  private readonly jerseyColumn: typeof jerseys.modelId | typeof jerseys.supplierId;
  /** Jerseys referencing each record, derived on read. */
  private readonly usage: SQL<number>;
  private readonly sorts: Record<string, SQL[]>;
  /** Whether the records have a logo (suppliers do, models do not). */
  readonly hasLogo: boolean;
  /** Whether the records have an English name (models do, suppliers' brand names do not). */
  readonly hasNameEn: boolean;

  constructor(
    private readonly db: Db,
    kind: CatalogueKind,
  ) {
    const { table, jerseyColumn } = KINDS[kind];
    this.table = table;
    this.jerseyColumn = jerseyColumn;
    this.hasLogo = 'logoImageId' in table;
    this.hasNameEn = 'nameEn' in table;
    this.usage = sql<number>`(select count(*)::int from ${jerseys} where ${jerseyColumn} = ${table.id})`;
    this.sorts = {
      name: [asc(table.name)],
      '-name': [desc(table.name)],
      jerseys: [asc(this.usage)],
      '-jerseys': [desc(this.usage)],
    };
  }

  private select() {
    const { table } = this;
    const logoId = 'logoImageId' in table ? table.logoImageId : sql<null>`null`;
    const nameEn = 'nameEn' in table ? table.nameEn : sql<null>`null`;
    return this.db
      .select({
        id: table.id,
        slug: table.slug,
        name: table.name,
        nameEn,
        jerseysCount: this.usage,
        logo: { id: images.id, width: images.width, height: images.height, variants: images.variants },
      })
      .from(table)
      .leftJoin(images, eq(images.id, logoId))
      .$dynamic();
  }

  async list(q: PageRequest & { search?: string; sort?: string }): Promise<RowsPage<CatalogueRow>> {
    const where = q.search ? containsFolded(this.table.name, q.search) : undefined;
    const order = sortOrder(this.sorts, q.sort, 'name', this.table.id);
    return selectPage(
      this.select()
        .where(where)
        .orderBy(...order),
      this.db.select({ n: count() }).from(this.table).where(where),
      q,
    );
  }

  async byId(id: string): Promise<CatalogueRow | null> {
    const [row] = await this.select().where(eq(this.table.id, id));
    return row ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const [clash] = await this.db
      .select({ id: this.table.id })
      .from(this.table)
      .where(and(eq(this.table.slug, slug), exceptId ? ne(this.table.id, exceptId) : undefined));
    return Boolean(clash);
  }

  /** The new record's id; null when its slug was taken meanwhile. */
  async insert(values: CatalogueValues): Promise<string | null> {
    const [row] = await this.db
      .insert(this.table)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: this.table.id });
    return row?.id ?? null;
  }

  /** False when there is no such record. */
  async update(id: string, values: CatalogueValues): Promise<boolean> {
    const rows = await this.db
      .update(this.table)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(this.table.id, id))
      .returning({ id: this.table.id });
    return rows.length > 0;
  }

  /** Jerseys referencing the record, active or not. */
  async jerseyCount(id: string): Promise<number> {
    const [used] = await this.db.select({ n: count() }).from(jerseys).where(eq(this.jerseyColumn, id));
    return used?.n ?? 0;
  }

  /** False when there is no such record. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(this.table).where(eq(this.table.id, id)).returning({ id: this.table.id });
    return rows.length > 0;
  }
}
