import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#lib/app-error.ts';

const ALIVE = JSON.stringify({ status: 'ok' });

/** Liveness checks the process; readiness checks the database and turns 503 while shutting down. */
export default async function healthRoutes(
  app: FastifyInstance,
  opts: { ping: () => Promise<void>; isShuttingDown: () => boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const status = z.object({ status: z.string() });
  // Liveness answers the same bytes every time: serialised once, sent without a promise (ADR 0020).
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: status } }, config: { access: 'public', compress: false } },
    (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(ALIVE),
  );
  r.get(
    '/api/ready',
    { schema: { tags: ['health'], response: { 200: status } }, config: { access: 'public' } },
    async () => {
      if (opts.isShuttingDown()) throw new AppError(503, 'SERVICE_UNAVAILABLE');
      try {
        await opts.ping();
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE');
      }
      return { status: 'ready' };
    },
  );
}
