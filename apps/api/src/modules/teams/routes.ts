import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamOptionsResponse } from '@manto/contracts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';

export default async function teamRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/teams', {
    schema: { tags: ['teams'], response: { 200: teamOptionsResponse } },
    config: { access: 'public' },
  }, async () =>
    opts.db.select({ slug: teams.slug, name: teams.name, category: teams.category }).from(teams).orderBy(asc(teams.name)),
  );
}
