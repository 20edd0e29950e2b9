import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import { createMailer } from '#plugins/mailer.ts';
import type { Metrics } from '#plugins/metrics.ts';
import { MailRepository } from './repository.ts';
import mailRoutes from './routes.ts';
import { MailSender } from './sender.ts';
import { MailOutbox } from './service.ts';

/** The mail outbox, its sender in the background and the Admin's view of it, as app.ts wires them. */
export function mailModule({
  db,
  config,
  clock,
  log,
  metrics,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
}) {
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log);
  // Requests only write mails; the sender delivers them (docs/decisions/0010-mail-outbox.md).
  // Forgot-password and resend only write a request; the sender turns it into a mail (docs/security.md item 3).
  const sender = new MailSender(new MailRepository(db), mailer, {
    log,
    clock,
    turnRequests: () => outbox.turnRequests(),
  });
  const outbox = new MailOutbox(db, clock, () => sender.wake(), log);

  // The outbox depth (docs/security.md item 25): what waits, what failed and waits again, what died.
  for (const status of ['pending', 'failed', 'dead'] as const)
    metrics.gauge(
      `manto_mail_outbox_${status}`,
      `Mails in the outbox that are ${status} (pending: not tried yet; failed: waiting to be tried again).`,
      async () => (await outbox.counts())[status],
    );
  metrics.gauge(
    'manto_mail_requests_waiting',
    'Forgot-password and resend-confirmation requests not yet turned into mails (or into nothing).',
    () => outbox.waitingRequests(),
  );

  return {
    outbox,
    sender,
    job: {
      start: () => sender.start(),
      // Mail requests not yet turned stay in the database for the next process (or this one's restart).
      stop: async () => {
        await sender.stop();
        mailer.close();
      },
    },
    register: async (app: FastifyInstance) => {
      await app.register(mailRoutes, { outbox });
    },
  };
}
