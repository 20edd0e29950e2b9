// The tournaments module as app.ts and other modules see it.
export { TournamentJob } from './job.ts';
export { TournamentRepository } from './repository.ts';
export { default as tournamentRoutes } from './routes.ts';
export { Rounds } from './rounds.ts';
export { type TournamentScope, TournamentService } from './service.ts';
