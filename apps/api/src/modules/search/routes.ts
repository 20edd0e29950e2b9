import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, searchQuery, searchResponse } from '@manto/contracts';
import type { SearchService } from './service.ts';

export default async function searchRoutes(app: FastifyInstance, opts: { search: SearchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        description: 'Teams, jerseys, tournaments and (with the shop on) products by name, in either language.',
        querystring: searchQuery,
        response: { 200: searchResponse, '4xx': errorEnvelope },
      },
      // No per-address limit, like the other catalogue reads: a query is answered from memory, its words capped.
      config: { access: 'public' },
    },
    async (request, reply) => {
      // The index follows edits within seconds; a browser may keep an answer as briefly.
      reply.header('cache-control', 'public, max-age=15');
      return opts.search.search(request.query.q);
    },
  );
}
