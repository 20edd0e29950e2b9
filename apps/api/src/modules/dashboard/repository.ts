import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { feedbacks, jerseys, models, productStock, products, suppliers, teams, users } from '#db/schema/index.ts';

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /**
   * The shop's stock in one query: units over every product, and how many products are low
   * (0 < units ≤ their threshold) or out (no units).
   */
  async inventory() {
    const perProduct = this.db
      .select({
        units: sql<number>`coalesce(sum(${productStock.quantity}), 0)`.as('units'),
        threshold: products.lowStockThreshold,
      })
      .from(products)
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .groupBy(products.id)
      .as('per_product');
    const [row] = await this.db
      .select({
        // bigint: a sum over every product may pass 2³¹; it comes back as text or bigint, hence Number.
        totalUnits: sql`coalesce(sum(${perProduct.units}), 0)::bigint`.mapWith(Number),
        lowStock:
          sql`count(*) filter (where ${perProduct.units} > 0 and ${perProduct.units} <= ${perProduct.threshold})`.mapWith(
            Number,
          ),
        outOfStock: sql`count(*) filter (where ${perProduct.units} = 0)`.mapWith(Number),
      })
      .from(perProduct);
    return row ?? { totalUnits: 0, lowStock: 0, outOfStock: 0 };
  }

  /** How many of each record the catalogue and the user base hold. */
  async counts() {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const { db } = this;
    const [activeJerseys, inactiveJerseys, teamCount, modelCount, supplierCount, activeUsers, pendingFeedbacks] =
      await Promise.all([
        n(db.select({ n: count() }).from(jerseys).where(eq(jerseys.active, true))),
        n(db.select({ n: count() }).from(jerseys).where(eq(jerseys.active, false))),
        n(db.select({ n: count() }).from(teams)),
        n(db.select({ n: count() }).from(models)),
        n(db.select({ n: count() }).from(suppliers)),
        n(db.select({ n: count() }).from(users).where(eq(users.active, true))),
        n(db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.status, 'pending'))),
      ]);
    return {
      activeJerseys,
      inactiveJerseys,
      teams: teamCount,
      models: modelCount,
      suppliers: supplierCount,
      activeUsers,
      pendingFeedbacks,
    };
  }
}
