import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  formatMessage,
  manageUserDetail,
  manageUserList,
  manageUserQuery,
  messageResponse,
  userActiveInput,
  userRolesInput,
} from '@manto/contracts';
import type { UsersService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });

/** Sistema's users (Admins only): /api/manage/users. */
export default async function userRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = opts;
  const tags = ['users'];
  const audit = { resource: 'users', load: (id: string) => users.detail(id) };

  r.get(
    '/api/manage/users',
    {
      schema: {
        tags,
        description: 'Users by name or email (accent- and case-insensitive), role, active and confirmed.',
        querystring: manageUserQuery,
        response: { 200: manageUserList, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => users.list(request.query),
  );

  r.get(
    '/api/manage/users/:id',
    {
      schema: { tags, params: idParams, response: { 200: manageUserDetail, ...errors } },
      config: { access: 'admin' },
    },
    async (request) => users.detail(request.params.id),
  );

  r.put(
    '/api/manage/users/:id/roles',
    {
      schema: {
        tags,
        description: 'Replaces the role list; the last active Admin keeps the role (409 LAST_ADMIN).',
        params: idParams,
        body: userRolesInput,
        response: { 200: manageUserDetail, ...errors },
      },
      config: { access: 'admin', audit },
    },
    async (request) => users.setRoles(request.params.id, request.body.roles, request.principal!.id),
  );

  r.put(
    '/api/manage/users/:id/active',
    {
      schema: {
        tags,
        description:
          'Deactivates (every session and token ends at once) or reactivates; never oneself, never the last active Admin.',
        params: idParams,
        body: userActiveInput,
        response: { 200: manageUserDetail, ...errors },
      },
      config: { access: 'admin', audit },
    },
    async (request) => users.setActive(request.params.id, request.body.active, request.principal!.id),
  );

  r.post(
    '/api/manage/users/:id/resend-confirmation',
    {
      schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } },
      config: {
        access: 'admin',
        rateLimit: { max: 30, timeWindow: '1 minute' },
        audit: { ...audit, action: 'resend-confirmation' },
      },
    },
    async (request) => {
      const { email } = await users.resendConfirmation(request.params.id);
      return { message: formatMessage(request.language, 'CONFIRMATION_QUEUED', { email }) };
    },
  );
}
