// The users module (Sistema user management, Admins) as app.ts sees it.
export { default as userRoutes } from './routes.ts';
export { UsersService } from './service.ts';
