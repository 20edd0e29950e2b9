import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditList, auditQuery, errorEnvelope } from '@manto/contracts';
import type { AuditService } from './service.ts';

/** The audit trail, for Admins only; there is no route that changes it. */
export default async function auditRoutes(app: FastifyInstance, opts: { audit: AuditService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/manage/audit',
    {
      schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditList, '4xx': errorEnvelope } },
      config: { access: 'admin' },
    },
    async (request) => opts.audit.list(request.query),
  );
}
