// The votes module as app.ts sees it: reading votes back (casting one is the duels module's).
export { VoteRepository } from './repository.ts';
export { default as voteRoutes } from './routes.ts';
export { type ExportOptions, VoteService } from './service.ts';
export { VoteTraceJob } from './traces-job.ts';
