// The tournaments module as app.ts and other modules see it.
export { TournamentJob } from './job.ts';
export { tournamentsModule } from './module.ts';
export { TournamentRepository } from './repository.ts';
export { Rounds } from './rounds.ts';
export { type TournamentScope, TournamentService } from './service.ts';
