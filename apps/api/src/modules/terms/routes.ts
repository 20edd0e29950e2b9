import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  manageTerms,
  manageTermsList,
  termsDraftInput,
  termsDraftPatch,
  termsResponse,
  termsVersionParams,
} from '@manto/contracts';
import type { TermsService } from './service.ts';

const errors = { '4xx': errorEnvelope };

export default async function termsRoutes(app: FastifyInstance, opts: { terms: TermsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { terms } = opts;
  const tags = ['terms'];
  // Every write lands in the audit trail with the version as it was before and after (docs/security.md item 26).
  const audited = (action?: string) => ({
    resource: 'terms',
    ...(action && { action }),
    load: (id: string) => terms.byVersion(Number(id)),
    // The version: the path's, or the new draft's from the answer.
    target: (request: FastifyRequest, after: unknown) =>
      String((after as { version?: number } | null)?.version ?? (request.params as { id?: number }).id),
  });

  r.get(
    '/api/terms/current',
    {
      schema: { tags, response: { 200: termsResponse, ...errors } },
      config: { access: 'public' },
    },
    async (request) => terms.current(request.language),
  );

  r.get(
    '/api/manage/terms',
    {
      schema: { tags, response: { 200: manageTermsList, ...errors } },
      config: { access: 'admin' },
    },
    async () => ({ items: await terms.list() }),
  );

  r.get(
    '/api/manage/terms/:id',
    {
      schema: { tags, params: termsVersionParams, response: { 200: manageTerms, ...errors } },
      config: { access: 'admin' },
    },
    async (request) => terms.byVersion(request.params.id),
  );

  r.post(
    '/api/manage/terms',
    {
      schema: {
        tags,
        description: 'A new draft, numbered after every version. One draft at a time (409 TERMS_DRAFT_EXISTS).',
        body: termsDraftInput,
        response: { 201: manageTerms, ...errors },
      },
      config: { access: 'admin', audit: audited() },
    },
    async (request, reply) => reply.status(201).send(await terms.createDraft(request.body)),
  );

  r.patch(
    '/api/manage/terms/:id',
    {
      schema: {
        tags,
        description: 'Edits a draft; a published version never changes (409 TERMS_PUBLISHED).',
        params: termsVersionParams,
        body: termsDraftPatch,
        response: { 200: manageTerms, ...errors },
      },
      config: { access: 'admin', audit: audited() },
    },
    async (request) => terms.updateDraft(request.params.id, request.body),
  );

  r.post(
    '/api/manage/terms/:id/publish',
    {
      schema: {
        tags,
        description: 'The draft becomes the current terms; members who accepted an older version must accept it.',
        params: termsVersionParams,
        response: { 200: manageTerms, ...errors },
      },
      config: { access: 'admin', audit: audited('publish') },
    },
    async (request) => terms.publish(request.params.id),
  );

  r.delete(
    '/api/manage/terms/:id',
    {
      schema: { tags, params: termsVersionParams, response: { 204: z.null(), ...errors } },
      config: { access: 'admin', audit: audited() },
    },
    async (request, reply) => {
      await terms.deleteDraft(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
