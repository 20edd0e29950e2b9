import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import type { MailOutbox } from '#modules/mail/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import { NotificationJob } from './job.ts';
import { NotificationRepository } from './repository.ts';
import notificationRoutes from './routes.ts';
import { NotificationService } from './service.ts';

/** Follows, notifications and their daily e-mail digest, as app.ts wires them; the app starts the job. */
export function notificationsModule({
  db,
  config,
  now,
  log,
  catalogue,
  tournaments,
  outbox,
  priceCrossings,
}: {
  db: Db;
  config: Config;
  now: () => number;
  log: Logger;
  catalogue: CatalogueCache;
  tournaments: TournamentService;
  outbox: MailOutbox;
  priceCrossings: ConstructorParameters<typeof NotificationJob>[3]['priceCrossings'];
}) {
  const service = new NotificationService(new NotificationRepository(db), catalogue, tournaments, {
    origin: config.publicUrl,
    secret: config.jwtSecret,
  });
  const job = new NotificationJob(db, service, outbox, {
    intervalMs: config.notifications.intervalSeconds * 1000,
    perDay: config.notifications.perDay,
    now,
    log,
    priceCrossings,
  });
  return {
    service,
    job,
    register: async (app: FastifyInstance) => {
      await app.register(notificationRoutes, { notifications: service, now });
    },
  };
}
