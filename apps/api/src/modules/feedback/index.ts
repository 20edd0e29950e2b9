// The feedback module as app.ts and other modules see it.
export { FeedbackRepository } from './repository.ts';
export { default as feedbackRoutes } from './routes.ts';
export { FeedbackService } from './service.ts';
