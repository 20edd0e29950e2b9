import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { TeamService } from '#modules/teams/index.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { catalogueSource } from './catalogue-source.ts';
import jerseyRoutes from './routes.ts';
import { JerseyService } from './service.ts';

/** Jerseys and the catalogue cache duels, rankings and tournaments read, as app.ts wires them. */
export function jerseysModule({ db, now, teams }: { db: Db; now: () => number; teams: TeamService }) {
  const service = new JerseyService(db, teams);
  const catalogue = new CatalogueCache(catalogueSource(service), now);
  return {
    service,
    catalogue,
    register: async (app: FastifyInstance) => {
      await app.register(jerseyRoutes, { jerseys: service });
    },
  };
}
