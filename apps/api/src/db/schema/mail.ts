// The mail outbox: every mail the app sends is first a row here, written in the transaction of the
// change it belongs to, and delivered by the background sender (docs/decisions/0010-mail-outbox.md).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is for ('confirm', 'reset'); a requeued dead mail is rebuilt by its kind. */
    kind: text('kind').notNull(),
    /** The account it was written for, so a dead mail can be rebuilt with a fresh link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The bodies hold one-time links: null once the mail is sent or dead (docs/security.md item 25). */
    text: text('text'),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last delivery failure, short and without the SMTP URL. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
  },
  (t) => [
    // The sender's scan: only undelivered, live mail, in due order.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.deadAt} is null`),
    index('mail_outbox_dead_idx')
      .on(t.deadAt)
      .where(sql`${t.deadAt} is not null`),
  ],
);
