import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import auditRoutes from './routes.ts';
import { AuditService } from './service.ts';

/** The audit trail's reader, as app.ts wires it. */
export function auditModule({ db }: { db: Db }) {
  const audit = new AuditService(db);
  return {
    register: async (app: FastifyInstance) => {
      await app.register(auditRoutes, { audit });
    },
  };
}
