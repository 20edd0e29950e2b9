// The feedback module as app.ts and other modules see it.
export { feedbackModule } from './module.ts';
