import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@manto/contracts';
import type { DashboardService } from './service.ts';

export default async function dashboardRoutes(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/manage/dashboard',
    {
      schema: { tags: ['dashboard'], response: { 200: dashboardResponse } },
      config: { access: 'moderator' },
    },
    async () => opts.dashboard.summary(),
  );
}
