import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import { SearchRepository } from './repository.ts';
import searchRoutes from './routes.ts';
import { SearchService } from './service.ts';

/** The header's search (docs/decisions/0041-search.md), as app.ts wires it. */
export function searchModule({
  db,
  config,
  now,
  catalogue,
}: {
  db: Db;
  config: Config;
  now: () => number;
  catalogue: CatalogueCache;
}) {
  const service = new SearchService(catalogue, new SearchRepository(db), config.shopEnabled, now);
  return {
    service,
    register: async (app: FastifyInstance) => {
      await app.register(searchRoutes, { search: service });
    },
  };
}
