import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { Counters } from '#lib/counters.ts';
import { FeedbackRepository } from './repository.ts';
import feedbackRoutes from './routes.ts';
import { FeedbackService } from './service.ts';

/** Visitors' feedback and Sistema's view of it, as app.ts wires them. */
export function feedbackModule({
  db,
  config,
  counters,
  now,
}: {
  db: Db;
  config: Config;
  counters: Counters;
  now: () => number;
}) {
  const feedback = new FeedbackService(new FeedbackRepository(db), counters, config.jwtSecret, now);
  return {
    register: async (app: FastifyInstance) => {
      await app.register(feedbackRoutes, { feedback });
    },
  };
}
