import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { FailureThrottle } from '#lib/throttle.ts';
import type { MailOutbox } from '#modules/mail/index.ts';
import { LoginThrottle } from './login-throttle.ts';
import authRoutes from './routes.ts';
import { AUTH_MAIL_KINDS, AuthService } from './service.ts';
import { SessionService } from './sessions.ts';
import { SocialSignIn } from './social.ts';

/** Accounts, sessions and sign-in (password and social), as app.ts wires them. */
export function authModule({
  db,
  config,
  log,
  now,
  outbox,
  loginFailures,
}: {
  db: Db;
  config: Config;
  log: Logger;
  now: () => number;
  outbox: MailOutbox;
  /** Where login failures are counted (ADR 0011). */
  loginFailures: FailureThrottle;
}) {
  const sessions = new SessionService(db, config.jwtSecret);
  sessions.onReuse = (sessionId) => log.warn({ event: 'refresh_token_reuse', sessionId }, 'auth event');
  const service = new AuthService({
    db,
    sessions,
    outbox,
    publicUrl: config.publicUrl,
    log,
    loginThrottle: new LoginThrottle(loginFailures, config.jwtSecret, now),
  });
  for (const kind of AUTH_MAIL_KINDS) {
    outbox.rebuildWith(kind, (userId, tx) => service.rebuildMail(kind, userId, tx));
    outbox.answerRequestsWith(kind, (email, tx) => service.mailForRequest(kind, email, tx));
  }
  const social = new SocialSignIn({
    db,
    auth: service,
    providers: config.social,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    log,
  });

  return {
    service,
    sessions,
    /** The caller behind a bearer token, for the access plugin (which knows nothing of sessions). */
    verify: async (token: string) => {
      const claims = await sessions.verifyAccessToken(token);
      return claims ? sessions.principal(claims) : null;
    },
    register: async (app: FastifyInstance) => {
      await app.register(authRoutes, {
        auth: service,
        sessions,
        social,
        publicUrl: config.publicUrl,
        secureCookies: config.env === 'production',
      });
    },
  };
}
