import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, mailOutboxQuery, mailOutboxResponse, outboxMail } from '@manto/contracts';
import type { MailOutbox } from './service.ts';

const errors = { '4xx': errorEnvelope };

/** The outbox for Admins only: recipients are personal data (docs/security.md item 25). */
export default async function mailRoutes(app: FastifyInstance, opts: { outbox: MailOutbox }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];

  r.get(
    '/api/manage/mail-outbox',
    {
      schema: { tags, querystring: mailOutboxQuery, response: { 200: mailOutboxResponse, ...errors } },
      config: { access: 'admin' },
    },
    async (request) => opts.outbox.list(request.query),
  );

  r.post(
    '/api/manage/mail-outbox/:id/retry',
    {
      schema: {
        tags,
        params: z.strictObject({ id: z.string().uuid() }),
        response: { 200: outboxMail, ...errors },
      },
      config: { access: 'admin', audit: { resource: 'mail-outbox', action: 'retry' } },
    },
    async (request) => opts.outbox.retry(request.params.id),
  );
}
