import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import type { RankingService } from '#modules/rankings/index.ts';
import { CollectionRepository } from './repository.ts';
import collectionRoutes from './routes.ts';
import { CollectionService } from './service.ts';

/** "Minha coleção" (ADR 0042), as app.ts wires it. The price detector is its service's, for a job to call. */
export function collectionModule({
  db,
  config,
  now,
  catalogue,
  rankings,
}: {
  db: Db;
  config: Config;
  now: () => number;
  catalogue: CatalogueCache;
  rankings: RankingService;
}) {
  const service = new CollectionService(new CollectionRepository(db), catalogue, rankings, config.shopEnabled, now);
  return {
    service,
    register: async (app: FastifyInstance) => {
      await app.register(collectionRoutes, { collection: service });
    },
  };
}
