import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import dashboardRoutes from './routes.ts';
import { DashboardService } from './service.ts';

/** The Sistema home page's figures, as app.ts wires them. */
export function dashboardModule({
  db,
  tournaments,
}: {
  db: Db;
  tournaments: ConstructorParameters<typeof DashboardService>[1];
}) {
  const dashboard = new DashboardService(db, tournaments);
  return {
    register: async (app: FastifyInstance) => {
      await app.register(dashboardRoutes, { dashboard });
    },
  };
}
