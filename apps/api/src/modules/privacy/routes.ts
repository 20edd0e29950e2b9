import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyResponse } from '@manto/contracts';

/** The privacy page's configured figures, for anyone (ADR 0031): the same for every caller, so cacheable. */
export default async function privacyRoutes(app: FastifyInstance, opts: { voteTraceRetentionDays: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = { voteTraceRetentionDays: opts.voteTraceRetentionDays };
  r.get(
    '/api/privacy',
    { schema: { tags: ['privacy'], response: { 200: privacyResponse } }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
