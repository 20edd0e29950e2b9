// The teams module as the rest of the app sees it.
export { teamsModule } from './module.ts';
export { TeamService } from './service.ts';
