import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { jerseys, models, suppliers, teams, users } from '#db/schema/index.ts';

export default async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/manage/dashboard',
    {
      schema: { tags: ['dashboard'], response: { 200: dashboardResponse } },
      config: { access: 'moderator' },
    },
    async () => {
      const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
      const [activeJerseys, inactiveJerseys, teamCount, modelCount, supplierCount, activeUsers] = await Promise.all([
        n(db.select({ n: count() }).from(jerseys).where(eq(jerseys.active, true))),
        n(db.select({ n: count() }).from(jerseys).where(eq(jerseys.active, false))),
        n(db.select({ n: count() }).from(teams)),
        n(db.select({ n: count() }).from(models)),
        n(db.select({ n: count() }).from(suppliers)),
        n(db.select({ n: count() }).from(users).where(eq(users.active, true))),
      ]);
      return {
        activeJerseys,
        inactiveJerseys,
        teams: teamCount,
        models: modelCount,
        suppliers: supplierCount,
        activeUsers,
      };
    },
  );
}
