import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, errorEnvelope, imageRef as imageRefSchema } from '@manto/contracts';
import { AppError, notFound } from '#lib/app-error.ts';
import { type ImageService, imageRef } from './service.ts';

export default async function imageRoutes(app: FastifyInstance, opts: { images: ImageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The upload body is the file itself (Content-Type: image/…), up to 10 MB; nothing else is accepted.
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  r.post(
    '/api/manage/images',
    {
      schema: { tags: ['images'], response: { 201: imageRefSchema, '4xx': errorEnvelope } },
      // The record that uses the image is audited when it is saved.
      config: { access: 'moderator', rateLimit: { max: 60, timeWindow: '1 minute' }, audit: false },
      bodyLimit: IMAGE_MAX_BYTES,
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError(400, 'INVALID_IMAGE');
      const row = await opts.images.store(request.body);
      return reply.status(201).send(imageRef(row)!);
    },
  );

  r.get(
    '/api/images/:id/:file',
    {
      schema: {
        tags: ['images'],
        params: z.strictObject({ id: z.string().uuid(), file: z.string().regex(/^(?:\d{2,4}\.webp|original)$/) }),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const found = await opts.images.file(request.params.id, request.params.file);
      if (!found) throw notFound();
      // An image id's bytes never change, so browsers and CDNs may keep them for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .type(found.type)
        .send(found.data);
    },
  );
}
