import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, termsResponse } from '@manto/contracts';
import type { TermsService } from './service.ts';

export default async function termsRoutes(app: FastifyInstance, opts: { terms: TermsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/terms/current',
    {
      schema: { tags: ['terms'], response: { 200: termsResponse, '4xx': errorEnvelope } },
      config: { access: 'public' },
    },
    async (request) => opts.terms.current(request.language),
  );
}
