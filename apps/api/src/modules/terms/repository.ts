import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { terms } from '#db/schema/index.ts';

export class TermsRepository {
  constructor(private readonly db: Db) {}

  /** The newest published terms. */
  async current() {
    const [current] = await this.db
      .select()
      .from(terms)
      .where(isNotNull(terms.publishedAt))
      .orderBy(desc(terms.version))
      .limit(1);
    return current ?? null;
  }
}
