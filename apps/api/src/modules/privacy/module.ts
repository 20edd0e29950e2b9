import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import privacyRoutes from './routes.ts';

/** The privacy page's configured figures, as app.ts wires them. */
export function privacyModule({ config }: { config: Config }) {
  return {
    register: async (app: FastifyInstance) => {
      await app.register(privacyRoutes, { voteTraceRetentionDays: config.voteTraceRetentionDays });
    },
  };
}
