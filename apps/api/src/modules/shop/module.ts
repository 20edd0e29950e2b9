import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import { ShopRepository } from './repository.ts';
import shopRoutes from './routes.ts';
import { ShopService } from './service.ts';

/** The shop (docs/decisions/0018-shop.md), as app.ts wires it. */
export function shopModule({ db, config, now }: { db: Db; config: Config; now: () => number }) {
  const service = new ShopService(new ShopRepository(db), now);
  return {
    service,
    register: async (app: FastifyInstance) => {
      await app.register(shopRoutes, { shop: service, enabled: config.shopEnabled });
    },
  };
}
