import { desc, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, termsResponse } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { terms } from '#db/schema/index.ts';
import { notFound } from '#lib/app-error.ts';

export default async function termsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/terms/current',
    {
      schema: { tags: ['terms'], response: { 200: termsResponse, '4xx': errorEnvelope } },
      config: { access: 'public' },
    },
    async (request) => {
      const [current] = await opts.db
        .select()
        .from(terms)
        .where(isNotNull(terms.publishedAt))
        .orderBy(desc(terms.version))
        .limit(1);
      if (!current) throw notFound();
      const en = request.language === 'en';
      return {
        version: current.version,
        title: en ? current.titleEn : current.titlePt,
        body: en ? current.bodyEn : current.bodyPt,
        publishedAt: current.publishedAt!.toISOString(),
      };
    },
  );
}
