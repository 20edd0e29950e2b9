import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Database } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import type { RankingService } from '#modules/rankings/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import { VoteRepository } from './repository.ts';
import voteRoutes from './routes.ts';
import { VoteService } from './service.ts';
import { VoteTraceJob } from './traces-job.ts';

/** Reading votes back (exports, my votes, voter flags) and the trace retention job, as app.ts wires them. */
export function votesModule({
  database,
  config,
  now,
  log,
  catalogue,
  tournaments,
  rankings,
  visitorKey,
}: {
  database: Database;
  config: Config;
  now: () => number;
  log: Logger;
  catalogue: CatalogueCache;
  tournaments: TournamentService;
  rankings: RankingService;
  /** The voter key of a visitor's X-Voter-Id, refusing ids this server did not sign (the duels module's). */
  visitorKey: (header: string | undefined) => string;
}) {
  // PGlite formats the chunks on the event loop itself: smaller chunks, one at a time (docs/performance.md §5).
  const exportOptions =
    database.kind === 'pglite' ? { chunkRows: 250, concurrency: 1 } : { chunkRows: 1_000, concurrency: 2 };
  const repository = new VoteRepository(database.db);
  const votes = new VoteService(repository, catalogue, tournaments, rankings, exportOptions);
  // Where votes came from is kept only as long as abuse control reads it (ADR 0031, docs/security.md item 34).
  const traceJob = new VoteTraceJob(database.db, repository, {
    retentionDays: config.voteTraceRetentionDays,
    now,
    log,
  });
  return {
    traceJob,
    register: async (app: FastifyInstance) => {
      await app.register(voteRoutes, { votes, visitorKey });
    },
  };
}
