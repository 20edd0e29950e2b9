import { count, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { jerseys, models, suppliers, teams, users } from '#db/schema/index.ts';

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /** How many of each record the catalogue and the user base hold. */
  async counts() {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const { db } = this;
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
  }
}
