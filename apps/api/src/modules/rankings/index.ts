// The rankings module as app.ts and other modules see it.
export { createFitExecutor, type FitExecutor } from './fit-executor.ts';
export { LEASE_SECONDS, RankingJob, type RankingJobOptions } from './job.ts';
export { RankingRepository } from './repository.ts';
export { default as rankingRoutes } from './routes.ts';
export { RankingService } from './service.ts';
