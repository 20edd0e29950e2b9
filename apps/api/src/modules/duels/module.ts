import type { FastifyInstance } from 'fastify';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { Counters } from '#lib/counters.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import type { Metrics } from '#plugins/metrics.ts';
import { AnsweredPairs } from './answered-pairs.ts';
import { LiveRatings } from './live-ratings.ts';
import { DuelRepository } from './repository.ts';
import duelRoutes from './routes.ts';
import { DuelService } from './service.ts';

/** Duels and votes on them, with the live ratings they are drawn from, as app.ts wires them. */
export function duelsModule({
  db,
  config,
  now,
  counters,
  metrics,
  catalogue,
  tournaments,
}: {
  db: Db;
  config: Config;
  now: () => number;
  counters: Counters;
  metrics: Metrics;
  catalogue: CatalogueCache;
  tournaments: TournamentService;
}) {
  const repository = new DuelRepository(db);
  const liveRatings = new LiveRatings(catalogue, () => repository.liveRatings(), now);
  const duels = new DuelService(
    repository,
    catalogue,
    liveRatings,
    new AnsweredPairs(repository),
    counters,
    tournaments,
    { secret: config.jwtSecret, ...config.votes },
    now,
  );
  duels.onVote = (counted) => metrics.vote(counted);
  return {
    liveRatings,
    visitorKey: (header: string | undefined) => duels.visitorKey(header),
    register: async (app: FastifyInstance) => {
      await app.register(duelRoutes, { duels });
    },
  };
}
