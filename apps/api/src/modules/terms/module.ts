import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import termsRoutes from './routes.ts';
import { TermsService } from './service.ts';

/** The published terms of use, as app.ts wires them. */
export function termsModule({ db, now }: { db: Db; now: () => number }) {
  const terms = new TermsService(db, now);
  return {
    register: async (app: FastifyInstance) => {
      await app.register(termsRoutes, { terms });
    },
  };
}
