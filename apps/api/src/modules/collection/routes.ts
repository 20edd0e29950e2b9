import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionEntry,
  collectionEntryInput,
  collectionParams,
  collectionVisibility,
  collectionVisibilityInput,
  errorEnvelope,
  myCollection,
  publicCollection,
  shareIdParams,
} from '@manto/contracts';
import type { CollectionService } from './service.ts';

const errors = { '4xx': errorEnvelope };
const tags = ['collection'];
/** A member's own writes: generous for clicking around, short of a script filling the table. */
const writeLimit = { max: 60, timeWindow: '1 minute' };

export default async function collectionRoutes(app: FastifyInstance, opts: { collection: CollectionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { collection } = opts;

  // Every route below reads and writes the caller's own entries only: no member's id is ever taken from the
  // request (docs/security.md item 37).
  r.get(
    '/api/me/collection',
    {
      schema: {
        tags,
        description: 'The signed-in member’s owned and wanted jerseys, each with its global rank, and the public flag.',
        response: { 200: myCollection, ...errors },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return collection.mine(request.principal!.id);
    },
  );

  r.put(
    '/api/me/collection/:kind/:jerseyId',
    {
      schema: {
        tags,
        description: 'Marks a jersey as owned or wanted, or changes its size or target price (wanted only).',
        params: collectionParams,
        body: collectionEntryInput,
        response: { 200: collectionEntry, ...errors },
      },
      config: { access: 'signedIn', rateLimit: writeLimit },
    },
    async (request) =>
      collection.put(request.principal!.id, request.params.kind, request.params.jerseyId, request.body),
  );

  r.delete(
    '/api/me/collection/:kind/:jerseyId',
    {
      schema: { tags, params: collectionParams, response: { 204: z.null(), ...errors } },
      config: { access: 'signedIn', rateLimit: writeLimit },
    },
    async (request, reply) => {
      await collection.remove(request.principal!.id, request.params.kind, request.params.jerseyId);
      return reply.status(204).send(null);
    },
  );

  r.patch(
    '/api/me/collection',
    {
      schema: {
        tags,
        description: 'Makes the collection public (a new random link) or private (the link stops working).',
        body: collectionVisibilityInput,
        response: { 200: collectionVisibility, ...errors },
      },
      config: { access: 'signedIn', rateLimit: writeLimit },
    },
    async (request) => collection.setPublic(request.principal!.id, request.body.public),
  );

  // Public only when the member made it so; any other link is a 404 that says nothing about whether it existed.
  r.get(
    '/api/collections/:shareId',
    {
      schema: { tags, params: shareIdParams, response: { 200: publicCollection, ...errors } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // Turning the collection private must take effect at once, also in shared caches.
      reply.header('cache-control', 'no-store');
      return collection.publicView(request.params.shareId);
    },
  );
}
