// Terms of use, versioned; members accept the current version.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const terms = pgTable('terms', {
  version: integer('version').primaryKey(),
  titlePt: text('title_pt').notNull(),
  titleEn: text('title_en').notNull(),
  bodyPt: text('body_pt').notNull(),
  bodyEn: text('body_en').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
