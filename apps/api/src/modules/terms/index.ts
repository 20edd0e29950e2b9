// The terms module (the published terms of use) as the rest of the app sees it.
export { default as termsRoutes } from './routes.ts';
export { TermsService } from './service.ts';
