// The duels module as app.ts and other modules see it.
export { AnsweredPairs } from './answered-pairs.ts';
export { type CountedOutcome, ELO_START, type EloState, eloChanges } from './elo.ts';
export { LiveRatings } from './live-ratings.ts';
export { DuelRepository } from './repository.ts';
export { default as duelRoutes } from './routes.ts';
export { type DuelSettings, DuelService, type Voter } from './service.ts';
