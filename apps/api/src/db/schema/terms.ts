// Terms of use, versioned; members accept the current version (docs/decisions/0017-terms-re-consent.md).
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const terms = pgTable(
  'terms',
  {
    version: integer('version').primaryKey(),
    titlePt: text('title_pt').notNull(),
    titleEn: text('title_en').notNull(),
    bodyPt: text('body_pt').notNull(),
    bodyEn: text('body_en').notNull(),
    /** Null while a draft; set once by publishing, after which the row never changes. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one draft: versions are numbered in the order they are published.
  (t) => [
    uniqueIndex('terms_one_draft')
      .on(sql`(true)`)
      .where(sql`${t.publishedAt} is null`),
  ],
);

/** The current (newest published) version, as an SQL expression; null before any is published. */
export const currentTermsVersion = sql<
  number | null
>`(select max(${terms.version}) from ${terms} where ${terms.publishedAt} is not null)`;
