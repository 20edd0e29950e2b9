// The teams module as the rest of the app sees it.
export { default as teamRoutes } from './routes.ts';
export { TeamService } from './service.ts';
