// The audit trail: one row per management write, append-only (docs/security.md item 26).
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A changed field: its value before and after the write (null when it did not exist). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who wrote, with the name as it was. No foreign key: the table refuses every UPDATE and DELETE (a trigger,
     * migration 0014, ADR 0031), so a deleted account's rows keep the id of a user that no longer exists.
     */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** create, update, delete, or the route's own verb (close-round, restore, retry…). */
    action: text('action').notNull(),
    /** The kind of record: teams, jerseys, tournaments… */
    resource: text('resource').notNull(),
    targetId: text('target_id'),
    /** The route, as `METHOD /path/:param`. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.resource, t.targetId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
