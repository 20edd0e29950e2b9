import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import { TournamentJob } from './job.ts';
import { TournamentRepository } from './repository.ts';
import { Rounds } from './rounds.ts';
import tournamentRoutes from './routes.ts';
import { TournamentService } from './service.ts';

/**
 * Tournaments, as app.ts wires them: a round job draws brackets and closes rounds as they fall due
 * (docs/tournaments.md §5).
 */
export function tournamentsModule({
  db,
  now,
  log,
  catalogue,
}: {
  db: Db;
  now: () => number;
  log: Logger;
  catalogue: CatalogueCache;
}) {
  const repository = new TournamentRepository(db);
  const rounds = new Rounds(repository, log);
  const service = new TournamentService(repository, rounds, catalogue, now);
  const job = new TournamentJob(db, repository, rounds, now, log);
  service.onChange = () => job.wake();
  return {
    service,
    job,
    /** What the demo seeding draws and closes its tournaments with. */
    repository,
    rounds,
    register: async (app: FastifyInstance) => {
      await app.register(tournamentRoutes, { tournaments: service });
    },
  };
}
