import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { CATALOGUE_KINDS } from './repository.ts';
import catalogueRoutes from './routes.ts';
import { CatalogueService } from './service.ts';

/** Models and suppliers, as app.ts wires them: one set of routes per kind. */
export function catalogueModule({ db }: { db: Db }) {
  const kinds = CATALOGUE_KINDS.map((kind) => new CatalogueService(db, kind));
  return {
    register: async (app: FastifyInstance) => {
      for (const records of kinds) await app.register(catalogueRoutes, { records });
    },
  };
}
