// The auth module as the rest of the app sees it.
export { authModule } from './module.ts';
export { AuthService } from './service.ts';
export { SessionService } from './sessions.ts';
