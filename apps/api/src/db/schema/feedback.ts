// Feedback sent by members and visitors, triaged by moderators (spec §3; docs/product.md).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** suggestion | complaint | bug | praise (contracts' FEEDBACK_TYPES). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** A visitor's reply address, if they left one; members are answered at their account. */
    email: text('email'),
    /** The member who sent it; a deleted account leaves the feedback without a sender. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    pagePath: text('page_path'),
    userAgent: text('user_agent'),
    /** pending | reviewed | resolved. */
    status: text('status').notNull().default('pending'),
    /** low | medium | high. */
    priority: text('priority').notNull().default('medium'),
    /** Moderators' own note; never shown to the sender. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedbacks_status_created_idx').on(t.status, t.createdAt),
    index('feedbacks_user_idx').on(t.userId, t.createdAt),
    check('feedbacks_type_check', sql`${t.type} in ('suggestion', 'complaint', 'bug', 'praise')`),
    check('feedbacks_status_check', sql`${t.status} in ('pending', 'reviewed', 'resolved')`),
    check('feedbacks_priority_check', sql`${t.priority} in ('low', 'medium', 'high')`),
  ],
);
