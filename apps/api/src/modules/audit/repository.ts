import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { auditLog } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage } from '#lib/paging.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** Reads the audit trail; nothing here (or anywhere) updates or deletes it. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  list(
    q: PageRequest & { resource?: string; target?: string; actor?: string; action?: string },
  ): Promise<RowsPage<AuditRow>> {
    const where = and(
      q.resource ? eq(auditLog.resource, q.resource) : undefined,
      q.target ? eq(auditLog.targetId, q.target) : undefined,
      q.actor ? eq(auditLog.actorId, q.actor) : undefined,
      q.action ? eq(auditLog.action, q.action) : undefined,
    );
    return selectPage(
      this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).$dynamic(),
      this.db.select({ n: count() }).from(auditLog).where(where),
      q,
    );
  }
}
