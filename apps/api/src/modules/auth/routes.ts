import type { FastifyInstance } from 'fastify';
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

export default async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; sessions: SessionService; social: SocialSignIn; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, sessions, social } = opts;
  const tags = ['auth'];

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
    async (request) => auth.confirmEmail(request.query.userId, request.query.token),
  );

  r.post(
    '/api/auth/resend-confirmation',
    {
      schema: { tags, body: emailBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(5, '1 minute') },
    },
    async (request) => {
      auth.resendConfirmation(request.body.email);
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
      auth.forgotPassword(request.body.email);
      return { message: formatMessage(request.language, 'FORGOT_PASSWORD_SENT') };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: { tags, body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'public', ...perIp(10, '15 minutes') },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: formatMessage(request.language, 'PASSWORD_RESET') };
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: { tags, body: loginBody, response: { 200: loginResponse, ...errors } },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request) => auth.login(request.body.email, request.body.password, request.body.rememberMe, request.ip),
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
      config: { access: 'signedIn' },
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
      return reply.redirect(await social.authorizationUrl(request.params.provider, request.query.redirectTo), 302);
    },
  );

  // Apple posts its answer as a form; the other providers redirect with a query string.
  const callbackInput = z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
  });
  const finishSocial = async (provider: (typeof SOCIAL_PROVIDERS)[number], input: z.infer<typeof callbackInput>) => {
    const back = new URL(`${opts.publicUrl}/app/auth/social`);
    if (!input.code || !input.state || input.error) {
      back.searchParams.set('error', 'SOCIAL_LOGIN_FAILED');
      return back.toString();
    }
    try {
      const done = await social.complete(provider, input.code, input.state);
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
    async (request, reply) => reply.redirect(await finishSocial(request.params.provider, request.query), 302),
  );
  // Only this route accepts a form body; every other route stays JSON-only (415 otherwise).
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
        schema: { tags, params: providerParams, body: callbackInput },
        config: { access: 'public', ...perIp(30, '1 minute') },
      },
      async (request, reply) => reply.redirect(await finishSocial(request.params.provider, request.body), 303),
    );
  });

  r.post(
    '/api/auth/social/exchange',
    {
      schema: { tags, body: socialExchangeBody, response: { 200: loginResponse, ...errors } },
      config: { access: 'public', ...perIp(30, '1 minute') },
    },
    async (request) => sessions.startSession(await social.exchange(request.body.code), false),
  );
}
