// The me module (the signed-in user's own account) as the rest of the app sees it.
export { default as meRoutes } from './routes.ts';
export { MeService } from './service.ts';
