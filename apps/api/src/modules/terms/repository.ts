import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { currentTermsVersion, terms, users } from '#db/schema/index.ts';

type TermsTexts = Pick<typeof terms.$inferInsert, 'titlePt' | 'titleEn' | 'bodyPt' | 'bodyEn'>;

/** What the history lists of every version; the bodies only when asked for one. */
const summary = {
  version: terms.version,
  titlePt: terms.titlePt,
  titleEn: terms.titleEn,
  createdAt: terms.createdAt,
  publishedAt: terms.publishedAt,
  isCurrent: sql<boolean>`coalesce(${terms.version} = ${currentTermsVersion}, false)`,
  acceptedCount: sql<number>`(select count(*)::int from ${users} where ${users.termsVersion} = ${terms.version})`,
};

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

  /** Every version, newest first. */
  list() {
    return this.db.select(summary).from(terms).orderBy(desc(terms.version));
  }

  async byVersion(version: number) {
    const [row] = await this.db
      .select({ ...summary, bodyPt: terms.bodyPt, bodyEn: terms.bodyEn })
      .from(terms)
      .where(eq(terms.version, version));
    return row ?? null;
  }

  async draftVersion(): Promise<number | null> {
    const [draft] = await this.db.select({ version: terms.version }).from(terms).where(isNull(terms.publishedAt));
    return draft?.version ?? null;
  }

  /**
   * The new draft, numbered after every version; null when a draft already exists (the partial unique
   * index `terms_one_draft` holds that even between two Admins racing).
   */
  async insertDraft(texts: TermsTexts): Promise<number | null> {
    const [row] = await this.db
      .insert(terms)
      .values({ ...texts, version: sql`(select coalesce(max(${terms.version}), 0) + 1 from ${terms})` })
      .onConflictDoNothing()
      .returning({ version: terms.version });
    return row?.version ?? null;
  }

  /** Changes a draft; false when the version is not a draft (published, or gone). */
  async updateDraft(version: number, texts: Partial<TermsTexts>): Promise<boolean> {
    // Nothing to change (an empty PATCH): still only a draft answers.
    if (Object.keys(texts).length === 0) return (await this.draftVersion()) === version;
    const rows = await this.db
      .update(terms)
      .set(texts)
      .where(sql`${terms.version} = ${version} and ${terms.publishedAt} is null`)
      .returning({ version: terms.version });
    return rows.length > 0;
  }

  async deleteDraft(version: number): Promise<boolean> {
    const rows = await this.db
      .delete(terms)
      .where(sql`${terms.version} = ${version} and ${terms.publishedAt} is null`)
      .returning({ version: terms.version });
    return rows.length > 0;
  }

  /** Publishes a draft: from now on it is the current version and never changes. */
  async publish(version: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(terms)
      .set({ publishedAt: at })
      .where(sql`${terms.version} = ${version} and ${terms.publishedAt} is null`)
      .returning({ version: terms.version });
    return rows.length > 0;
  }
}
