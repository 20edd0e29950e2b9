// The rankings module as app.ts and other modules see it.
export { type FitExecutor } from './fit-executor.ts';
export { fitVotes } from './fit-scope.ts';
export { LEASE_SECONDS, RankingJob, type RankingJobOptions } from './job.ts';
export { rankingsModule } from './module.ts';
export { RankingRepository } from './repository.ts';
export { RankingService } from './service.ts';
