import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import type { AuthService, SessionService } from '#modules/auth/index.ts';
import userRoutes from './routes.ts';
import { UsersService } from './service.ts';

/** Sistema's user management (Admins), as app.ts wires it. */
export function usersModule({
  db,
  auth,
  sessions,
  log,
}: {
  db: Db;
  auth: AuthService;
  sessions: SessionService;
  log: Logger;
}) {
  const users = new UsersService({ db, auth, sessions, log });
  return {
    register: async (app: FastifyInstance) => {
      await app.register(userRoutes, { users });
    },
  };
}
