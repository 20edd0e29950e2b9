import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  deleteAccountBody,
  errorEnvelope,
  formatMessage,
  messageResponse,
  myDataExport,
  profile,
  termsAcceptInput,
  updateProfileBody,
} from '@manto/contracts';
import type { MeService } from './service.ts';

const errors = { '4xx': errorEnvelope };

export default async function meRoutes(app: FastifyInstance, opts: { me: MeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { me } = opts;
  const tags = ['me'];

  r.get(
    '/api/me',
    {
      schema: { tags, response: { 200: profile, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request) => me.profile(request.principal!.id),
  );

  // LGPD access right: the member's own data as a JSON file (docs/security.md item 27).
  r.get(
    '/api/me/export',
    {
      schema: {
        tags,
        description: 'Everything kept about the signed-in member: profile, feedbacks and votes, as a JSON file.',
        response: { 200: myDataExport, ...errors },
      },
      config: { access: 'signedIn', rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="manto-meus-dados.json"');
      return me.export(request.principal!.id);
    },
  );

  // LGPD: the member deletes their own account; votes stay, anonymous (docs/security.md item 28).
  r.delete(
    '/api/me',
    {
      schema: { tags, body: deleteAccountBody, response: { 200: messageResponse, ...errors } },
      // Refusing new terms must not trap anyone: the account can always go.
      config: { access: 'signedIn', beforeTerms: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await me.deleteAccount(request.principal!, request.body);
      request.log.info({ event: 'account_deleted' }, 'auth event');
      return { message: formatMessage(request.language, 'ACCOUNT_DELETED') };
    },
  );

  // Accepting the current terms: the one write the re-consent gate always lets through (ADR 0017).
  r.post(
    '/api/me/terms',
    {
      schema: { tags, body: termsAcceptInput, response: { 200: profile, ...errors } },
      config: { access: 'signedIn', beforeTerms: true },
    },
    async (request) => me.acceptTerms(request.principal!.id, request.body.version),
  );

  // The strict schema rejects anything but profile fields, so roles, email or flags cannot be set here.
  r.patch(
    '/api/me',
    {
      schema: { tags, body: updateProfileBody, response: { 200: profile, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request) => me.updateProfile(request.principal!.id, request.body),
  );

  r.post(
    '/api/me/password',
    {
      schema: { tags, body: changePasswordBody, response: { 200: messageResponse, ...errors } },
      // Securing the account never waits for consent to new terms.
      config: { access: 'signedIn', beforeTerms: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await me.changePassword(request.principal!, request.body);
      request.log.info({ event: 'password_changed', userId: request.principal!.id }, 'auth event');
      return { message: formatMessage(request.language, 'PASSWORD_CHANGED') };
    },
  );
}
