// The mail outbox: every mail the app sends is first a row here, written in the transaction of the
// change it belongs to, and delivered by the background sender (docs/decisions/0010-mail-outbox.md).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** Extra headers, e.g. a digest's one-click unsubscribe (RFC 8058); null for most mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
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

/**
 * A forgot-password or resend-confirmation, written as it was asked, before the account is looked up:
 * the request's only work is this one insert, the same for every address (docs/security.md item 3).
 * The mail sender turns each into a mail (or nothing) and deletes it; rows older than a reset link's
 * life are dropped unread (docs/decisions/0010-mail-outbox.md).
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    /** Insertion order: two requests for one address are turned in the order they were made. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The mail asked for: 'confirm' (resend-confirmation) or 'reset' (forgot-password). */
    kind: text('kind').notNull(),
    /** As typed, trimmed and lower-cased by the contract; it may belong to no account. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_requests_created_idx').on(t.createdAt)],
);
