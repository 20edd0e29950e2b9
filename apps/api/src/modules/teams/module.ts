import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import teamRoutes from './routes.ts';
import { TeamService } from './service.ts';

/** Teams, as app.ts wires them. */
export function teamsModule({ db }: { db: Db }) {
  const service = new TeamService(db);
  return {
    service,
    register: async (app: FastifyInstance) => {
      await app.register(teamRoutes, { teams: service });
    },
  };
}
