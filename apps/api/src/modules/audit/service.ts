import type { AuditList, AuditQuery } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { pageOf } from '#lib/paging.ts';
import { AuditRepository } from './repository.ts';

/** The audit trail as Admins read it: newest first, by record, actor or action (docs/security.md item 26). */
export class AuditService {
  private readonly repository: AuditRepository;

  constructor(db: Db) {
    this.repository = new AuditRepository(db);
  }

  async list(q: AuditQuery & { page: number; pageSize: number }): Promise<AuditList> {
    return pageOf(q, await this.repository.list(q), (r) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      resource: r.resource,
      targetId: r.targetId,
      route: r.route,
      changes: r.changes,
    }));
  }
}
