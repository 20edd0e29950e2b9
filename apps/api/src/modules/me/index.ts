// The me module (the signed-in user's own account) as the rest of the app sees it.
export { meModule } from './module.ts';
