import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  feedbackInput,
  feedbackPatch,
  manageFeedback,
  manageFeedbackList,
  manageFeedbackQuery,
  myFeedback,
  myFeedbackList,
  myFeedbackQuery,
} from '@manto/contracts';
import type { FeedbackService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const idParams = z.strictObject({ id: z.string().uuid() });

export default async function feedbackRoutes(app: FastifyInstance, opts: { feedback: FeedbackService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { feedback } = opts;
  const tags = ['feedback'];

  r.post(
    '/api/feedback',
    {
      schema: {
        tags,
        description:
          'Anyone sends feedback; a signed-in member is recorded as its sender. 5 an hour per member or address.',
        body: feedbackInput,
        response: { 201: myFeedback, ...errors },
      },
      config: { access: 'public', identify: true },
    },
    async (request, reply) => {
      const sent = await feedback.send(request.body, {
        userId: request.principal?.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(sent);
    },
  );

  r.get(
    '/api/me/feedbacks',
    {
      schema: { tags, querystring: myFeedbackQuery, response: { 200: myFeedbackList, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feedback.ofUser(request.principal!.id, request.query);
    },
  );

  r.get(
    '/api/manage/feedbacks',
    {
      schema: { tags, querystring: manageFeedbackQuery, response: { 200: manageFeedbackList, ...errors } },
      config: { access: 'moderator' },
    },
    async (request) => feedback.list(request.query),
  );

  r.patch(
    '/api/manage/feedbacks/:id',
    {
      schema: {
        tags,
        description: 'Status (pending → reviewed → resolved; reopen → pending), priority and the internal note.',
        params: idParams,
        body: feedbackPatch,
        response: { 200: manageFeedback, ...errors },
      },
      // Status, priority and note moves land in the audit trail (docs/security.md item 26).
      config: { access: 'moderator', audit: { resource: 'feedbacks', load: (id: string) => feedback.byId(id) } },
    },
    async (request) => feedback.update(request.params.id, request.body),
  );
}
