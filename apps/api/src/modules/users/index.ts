// The users module (Sistema user management, Admins) as app.ts sees it.
export { usersModule } from './module.ts';
