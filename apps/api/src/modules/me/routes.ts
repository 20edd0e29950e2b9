import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  errorEnvelope,
  formatMessage,
  messageResponse,
  profile,
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
      config: { access: 'signedIn', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await me.changePassword(request.principal!, request.body);
      request.log.info({ event: 'password_changed', userId: request.principal!.id }, 'auth event');
      return { message: formatMessage(request.language, 'PASSWORD_CHANGED') };
    },
  );
}
