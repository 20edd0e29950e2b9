import { eq } from 'drizzle-orm';
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

  async originalType(id: string): Promise<string | null> {
    const [row] = await this.db.select({ originalType: images.originalType }).from(images).where(eq(images.id, id));
    return row?.originalType ?? null;
  }
}
