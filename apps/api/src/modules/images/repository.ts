import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { images } from '#db/schema/index.ts';

/** What an image reference is built from: its id, size and the widths of its WebP variants. */
export type ImageRow = Pick<typeof images.$inferSelect, 'id' | 'width' | 'height' | 'variants'>;

export class ImageRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof images.$inferInsert): Promise<ImageRow> {
    const [row] = await this.db
      .insert(images)
      .values(values)
      .returning({ id: images.id, width: images.width, height: images.height, variants: images.variants });
    return row!;
  }

  /** The images whose variants lack one of `widths` (capped at each image's own width). */
  missingVariants(widths: readonly number[]): Promise<ImageRow[]> {
    const wanted = sql`array[${sql.join(
      widths.map((w) => sql`${w}`),
      sql`, `,
    )}]::int[]`;
    return this.db
      .select({ id: images.id, width: images.width, height: images.height, variants: images.variants })
      .from(images)
      .where(sql`not (${images.variants} @> array(select least(w, ${images.width}) from unnest(${wanted}) as w))`);
  }

  async setVariants(id: string, variants: number[]): Promise<void> {
    await this.db.update(images).set({ variants }).where(eq(images.id, id));
  }

  async originalType(id: string): Promise<string | null> {
    const [row] = await this.db.select({ originalType: images.originalType }).from(images).where(eq(images.id, id));
    return row?.originalType ?? null;
  }
}
