// Follows, notifications and their e-mail digests (docs/notifications.md): a member's own, erased with the
// account (cascade).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A member follows a team, a jersey or a tournament, by its id. */
export const follows = pgTable(
  'follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** team | jersey | tournament (contracts' FOLLOW_KINDS). */
    kind: text('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetId] }),
    // The job reads followers by what they follow.
    index('follows_target_idx').on(t.kind, t.targetId),
    check('follows_kind_check', sql`${t.kind} in ('team', 'jersey', 'tournament')`),
  ],
);

/**
 * One thing a member is told. `key` names the event (a fit and a jersey, a tournament's round…): one row per
 * member and event whatever the job's runs and restarts. Rows past the day's limit are kept `hidden`, so the
 * event is not told later, and never shown or mailed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened (contracts' NOTIFICATION_KINDS). */
    kind: text('kind').notNull(),
    /** The e-mail topic it belongs to (contracts' NOTIFICATION_TOPICS). */
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    /** Ids and numbers only; names are read when shown, in the reader's language. */
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    hidden: boolean('hidden').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When a digest carried it; null while it waits for one (or its topic is not mailed). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_key_idx').on(t.userId, t.key),
    // The digest's scan: visible rows no digest has carried.
    index('notifications_unmailed_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} is null and not ${t.hidden}`),
  ],
);

/** A member's choice of e-mail per topic (off unless chosen), and when their last digest went out. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Topics mailed as a daily digest. */
    emailTopics: text('email_topics').array().notNull().default(sql`'{}'::text[]`),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  },
);

/** Where the notification job left off: the last ranking fit it read. */
export const notificationCursors = pgTable('notification_cursors', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});
