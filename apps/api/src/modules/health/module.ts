import type { FastifyInstance } from 'fastify';
import healthRoutes from './routes.ts';

/** Liveness and readiness, as app.ts wires them. */
export function healthModule(deps: { ping: () => Promise<void>; isShuttingDown: () => boolean }) {
  return {
    register: async (app: FastifyInstance) => {
      await app.register(healthRoutes, deps);
    },
  };
}
