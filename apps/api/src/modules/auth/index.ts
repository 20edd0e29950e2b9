// The auth module as the rest of the app sees it.
export { default as authRoutes } from './routes.ts';
export { LoginThrottle } from './login-throttle.ts';
export { AUTH_MAIL_KINDS, AuthService } from './service.ts';
export { SessionService } from './sessions.ts';
export { SocialSignIn } from './social.ts';
