import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Database } from '#db/client.ts';
import type { CatalogueCache } from '#modules/jerseys/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import type { Metrics } from '#plugins/metrics.ts';
import { createFitExecutor } from './fit-executor.ts';
import { RankingJob } from './job.ts';
import { RankingRepository } from './repository.ts';
import rankingRoutes from './routes.ts';
import { RankingService } from './service.ts';

/**
 * Rankings, as app.ts wires them: a job fits them in the background (the app starts it) and writes the
 * snapshots the readers serve.
 */
export function rankingsModule({
  database,
  config,
  now,
  log,
  metrics,
  catalogue,
  teams,
  onPublished = () => undefined,
}: {
  database: Database;
  config: Config;
  now: () => number;
  log: Logger;
  metrics: Metrics;
  catalogue: CatalogueCache;
  teams: TeamService;
  /** Told after each fit this process publishes (the notification job looks at once). */
  onPublished?: () => void;
}) {
  const repository = new RankingRepository(database.db, database.background);
  const segments = { enabled: config.rankings.segments, minVoters: config.rankings.segmentMinVoters };
  const service = new RankingService(repository, catalogue, teams, segments, now);
  const fitExecutor = createFitExecutor(undefined, config.rankings.fitWorkers);
  log.debug({ fitExecutor: fitExecutor.kind }, 'ranking fits run %s', fitExecutor.kind);
  // A fit must see every jersey its state fingerprint (jerseys' updated_at) saw, and the cache may be 15 s
  // behind: the job asks the cache for the catalogue as it is now, which reloads it only if it changed.
  const job = new RankingJob(repository, async () => [...(await catalogue.currentJerseys()).values()], fitExecutor, {
    intervalMs: config.rankings.intervalSeconds * 1000,
    rounds: config.rankings.bootstrapRounds,
    ...(segments.enabled
      ? {
          segments: {
            minVoters: segments.minVoters,
            intervalMs: config.rankings.segmentIntervalSeconds * 1000,
            maxWaitMs: config.rankings.segmentMaxWaitHours * 3_600_000,
          },
        }
      : {}),
    now,
    log,
    onFitted: () => {
      service.invalidate();
      onPublished();
    },
    onRun: (run) => metrics.rankingRun(run),
  });
  metrics.gauge(
    'manto_ranking_lag_seconds',
    'Seconds by which the newest vote (highest id) was answered after the latest global ranking snapshot ' +
      '(its fitted_at); 0 when the snapshot is newer or there are no votes, +Inf before the first snapshot. ' +
      'Votes answered while a fit ran count as covered.',
    () => repository.lagSeconds(),
  );
  return {
    service,
    job,
    register: async (app: FastifyInstance) => {
      await app.register(rankingRoutes, { rankings: service });
    },
  };
}
