// The votes module as app.ts sees it: reading votes back (casting one is the duels module's).
export { votesModule } from './module.ts';
export { type ExportOptions } from './service.ts';
export { VoteTraceJob } from './traces-job.ts';
