// The duels module as app.ts and other modules see it.
export { type CountedOutcome, ELO_START, type EloState, eloChanges } from './elo.ts';
export { duelsModule } from './module.ts';
export { type DuelSettings, type Voter } from './service.ts';
