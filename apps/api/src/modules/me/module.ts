import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { AuthService, SessionService } from '#modules/auth/index.ts';
import meRoutes from './routes.ts';
import { MeService } from './service.ts';

/** The signed-in user's own account, as app.ts wires it. */
export function meModule({ db, auth, sessions }: { db: Db; auth: AuthService; sessions: SessionService }) {
  const me = new MeService(db, auth, sessions);
  return {
    register: async (app: FastifyInstance) => {
      await app.register(meRoutes, { me });
    },
  };
}
