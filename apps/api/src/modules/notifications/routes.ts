import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  followParams,
  followsResponse,
  notificationSettings,
  notificationsQuery,
  notificationsResponse,
  readNotificationsInput,
  readNotificationsResponse,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@manto/contracts';
import type { NotificationService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const followingResponse = z.object({ following: z.boolean() });
/** What a mail client's one-click unsubscribe posts (RFC 8058); the web page posts an empty object. */
const oneClickBody = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export default async function notificationRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationService; now: () => number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, now } = opts;
  const tags = ['notifications'];
  const member = { access: 'signedIn' as const };
  const private_ = (reply: { header(name: string, value: string): unknown }) =>
    reply.header('cache-control', 'private, no-store');

  // A mail client's one-click unsubscribe posts a form (RFC 8058); only this module's routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get(
    '/api/me/follows',
    { schema: { tags, response: { 200: followsResponse, ...errors } }, config: member },
    async (request, reply) => {
      private_(reply);
      return { items: await notifications.follows(request.principal!.id) };
    },
  );

  r.put(
    '/api/me/follows/:kind/:id',
    {
      schema: { tags, params: followParams, response: { 200: followingResponse, ...errors } },
      config: { ...member, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      await notifications.follow(request.principal!.id, request.params.kind, request.params.id);
      return { following: true };
    },
  );

  r.delete(
    '/api/me/follows/:kind/:id',
    {
      schema: { tags, params: followParams, response: { 200: followingResponse, ...errors } },
      config: { ...member, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      await notifications.unfollow(request.principal!.id, request.params.kind, request.params.id);
      return { following: false };
    },
  );

  r.get(
    '/api/me/notifications',
    {
      schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse, ...errors } },
      config: member,
    },
    async (request, reply) => {
      private_(reply);
      return notifications.list(request.principal!.id, request.query);
    },
  );

  r.post(
    '/api/me/notifications/read',
    {
      schema: { tags, body: readNotificationsInput, response: { 200: readNotificationsResponse, ...errors } },
      config: member,
    },
    async (request) => ({
      unread: await notifications.markRead(request.principal!.id, request.body, new Date(now())),
    }),
  );

  r.get(
    '/api/me/notification-settings',
    { schema: { tags, response: { 200: notificationSettings, ...errors } }, config: member },
    async (request, reply) => {
      private_(reply);
      return notifications.settings(request.principal!.id);
    },
  );

  r.put(
    '/api/me/notification-settings',
    {
      schema: { tags, body: notificationSettings, response: { 200: notificationSettings, ...errors } },
      config: member,
    },
    async (request) => notifications.setSettings(request.principal!.id, request.body),
  );

  // The digest's unsubscribe links: signed for a member and a topic, so they work without signing in.
  r.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        querystring: unsubscribeQuery,
        body: oneClickBody,
        response: { 200: unsubscribeResponse, ...errors },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { u, t, s } = request.query;
      await notifications.unsubscribe(u, t, s);
      return { topic: t };
    },
  );
}
