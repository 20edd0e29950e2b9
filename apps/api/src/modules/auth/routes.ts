import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SOCIAL_PROVIDERS,
  confirmEmailQuery,
  emailBody,
  errorEnvelope,
  formatMessage,
  loginBody,
  loginResponse,
  messageResponse,
  refreshBody,
  registerBody,
  resetPasswordBody,
  socialExchangeBody,
  socialProvidersResponse,
  tokens,
} from '@manto/contracts';
import { AppError } from '#lib/app-error.ts';
import { readCookie, setCookie } from '#lib/cookies.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';
import type { SocialSignIn } from './social.ts';

const errors = { '4xx': errorEnvelope };
/** Per-IP limits for the calls that send mail or create accounts (account-level throttling is in the service). */
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

/** Only same-site paths are accepted as post-login targets (no open redirects). */
const redirectTarget = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .optional()
  .catch(undefined)
  .transform((v) => v ?? '/');

/** A known browser stays known for 180 days after it last signed in (ours; ADR 0011). */
const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;
/** As long as the social sign-in state itself is kept (social.ts). */
const SOCIAL_COOKIE_SECONDS = 600;

export default async function authRoutes(
  app: FastifyInstance,
  opts: {
    auth: AuthService;
    sessions: SessionService;
    social: SocialSignIn;
    publicUrl: string;
    /** Production: Secure cookies with the __Host- prefix (no subdomain can plant one). */
    secureCookies: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, sessions, social, secureCookies } = opts;
  const tags = ['auth'];

  const cookieName = (base: string) => (secureCookies ? `__Host-${base}` : base);
  const DEVICE = cookieName('manto_device');
  const SOCIAL = cookieName('manto_social');
  // Device cookie: SameSite=Strict, the SPA's own fetches are the only ones that need it (docs/security.md item 2).
  const deviceOf = (request: FastifyRequest) => readCookie(request.headers.cookie, DEVICE);
  const knownDevice = (reply: FastifyReply, value: string) =>
    reply.header(
      'set-cookie',
      setCookie(DEVICE, value, {
        path: '/',
        maxAgeSeconds: DEVICE_COOKIE_SECONDS,
        sameSite: 'Strict',
        secure: secureCookies,
      }),
    );
  // Social binding: SameSite=Lax, so it rides along the provider's top-level redirect back to us (docs/security.md item 8).
  const socialBinding = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header(
      'set-cookie',
      setCookie(SOCIAL, value, { path: '/', maxAgeSeconds, sameSite: 'Lax', secure: secureCookies }),
    );

  // Auth answers carry tokens or reveal account state: never cache them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.post(
    '/api/auth/register',
    {
      schema: { tags, body: registerBody, response: { 201: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(10, '15 minutes') },
    },
    async (request, reply) => {
      await auth.register(request.body, request.language);
      return reply.status(201).send({ message: formatMessage(request.language, 'REGISTERED') });
    },
  );

  r.get(
    '/api/auth/confirm-email',
    {
      schema: { tags, querystring: confirmEmailQuery, response: { 200: loginResponse, ...errors } },
      config: { access: 'public', ...perIp(30, '15 minutes') },
    },
    async (request, reply) => {
      const { session, device } = await auth.confirmEmail(request.query.userId, request.query.token);
      knownDevice(reply, device);
      return session;
    },
  );

  r.post(
    '/api/auth/resend-confirmation',
    {
      schema: { tags, body: emailBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(5, '1 minute') },
    },
    async (request) => {
      await auth.resendConfirmation(request.body.email);
      return { message: formatMessage(request.language, 'CONFIRMATION_SENT') };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      schema: { tags, body: emailBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(5, '1 minute') },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { message: formatMessage(request.language, 'FORGOT_PASSWORD_SENT') };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: { tags, body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(10, '15 minutes') },
    },
    async (request, reply) => {
      knownDevice(reply, await auth.resetPassword(request.body));
      return { message: formatMessage(request.language, 'PASSWORD_RESET') };
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: { tags, body: loginBody, response: { 200: loginResponse, ...errors } },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request, reply) => {
      const { session, device } = await auth.login({ ...request.body, ip: request.ip, device: deviceOf(request) });
      knownDevice(reply, device);
      return session;
    },
  );

  r.post(
    '/api/auth/refresh',
    {
      schema: { tags, body: refreshBody, response: { 200: tokens, ...errors } },
      config: { access: 'public', ...perIp(60, '1 minute') },
    },
    async (request) => sessions.refresh(request.body.refreshToken),
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags, response: { 204: z.null(), ...errors } },
      config: { access: 'signedIn', beforeTerms: true },
    },
    async (request, reply) => {
      await sessions.revokeSession(request.principal!.sessionId, 'logout');
      request.log.info({ event: 'logout', userId: request.principal!.id }, 'auth event');
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/auth/providers',
    {
      schema: { tags, response: { 200: socialProvidersResponse } },
      config: { access: 'public' },
    },
    async () => SOCIAL_PROVIDERS.map((id) => ({ id, available: social.available(id) })),
  );

  const providerParams = z.strictObject({ provider: z.enum(SOCIAL_PROVIDERS) });

  r.get(
    '/api/auth/social/:provider/start',
    {
      schema: { tags, params: providerParams, querystring: z.object({ redirectTo: redirectTarget }) },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request, reply) => {
      if (!social.available(request.params.provider)) throw new AppError(404, 'PROVIDER_UNAVAILABLE');
      const { url, binding } = await social.authorizationUrl(request.params.provider, request.query.redirectTo);
      socialBinding(reply, binding, SOCIAL_COOKIE_SECONDS);
      return reply.redirect(url, 302);
    },
  );

  // Apple posts its answer as a form; the other providers redirect with a query string.
  const callbackInput = z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
  });
  const finishSocial = async (
    provider: (typeof SOCIAL_PROVIDERS)[number],
    input: z.infer<typeof callbackInput>,
    binding: string | undefined,
  ) => {
    const back = new URL(`${opts.publicUrl}/app/auth/social`);
    if (!input.code || !input.state || input.error) {
      back.searchParams.set('error', 'SOCIAL_LOGIN_FAILED');
      return back.toString();
    }
    try {
      const done = await social.complete(provider, input.code, input.state, binding);
      back.searchParams.set('code', done.code);
      back.searchParams.set('redirectTo', done.redirectTo);
    } catch (err) {
      back.searchParams.set('error', err instanceof AppError ? err.code : 'SOCIAL_LOGIN_FAILED');
      if (!(err instanceof AppError)) app.log.warn({ err, provider }, 'social sign-in failed');
    }
    return back.toString();
  };
  r.get(
    '/api/auth/social/:provider/callback',
    {
      schema: { tags, params: providerParams, querystring: callbackInput },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request, reply) => {
      const target = await finishSocial(
        request.params.provider,
        request.query,
        readCookie(request.headers.cookie, SOCIAL),
      );
      // One flow, one callback: the binding is spent whatever the outcome.
      socialBinding(reply, '', 0);
      return reply.redirect(target, 302);
    },
  );
  // Only this route accepts a form body; every other route stays JSON-only (415 otherwise). Apple's
  // form POST comes from its own site, so a SameSite=Lax cookie is not sent with it: the answer is a
  // 303 to the GET callback above, a top-level navigation that does carry it (docs/security.md item 8).
  await app.register(async (formScope) => {
    formScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    formScope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/social/:provider/callback',
      {
        // The identity provider's own form (Apple adds `user` and `id_token`), not a Manto client's: the one
        // body that takes fields it does not name, and says so (a loose object); only code, state and error
        // are passed on (ADR 0032).
        schema: { tags, params: providerParams, body: callbackInput.loose() },
        config: { access: 'public', ...perIp(30, '1 minute') },
      },
      async (request, reply) => {
        const query = new URLSearchParams();
        for (const k of ['code', 'state', 'error'] as const) {
          const v = request.body[k];
          if (v !== undefined) query.set(k, v);
        }
        return reply.redirect(`${opts.publicUrl}/api/auth/social/${request.params.provider}/callback?${query}`, 303);
      },
    );
  });

  r.post(
    '/api/auth/social/exchange',
    {
      schema: { tags, body: socialExchangeBody, response: { 200: loginResponse, ...errors } },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request, reply) => {
      const userId = await social.exchange(request.body.code);
      knownDevice(reply, auth.deviceCookie(userId));
      return sessions.startSession(userId, false);
    },
  );
}
