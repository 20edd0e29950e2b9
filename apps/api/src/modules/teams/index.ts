// The teams module as other modules and app.ts see it.
// (Minimal on this branch: what rankings uses.)
export { TeamService } from './service.ts';
