import { count, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { jerseys, liveRatings, models, pairStats, suppliers, teams, users, votes } from '#db/schema/index.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Rows per INSERT statement for the bulk writes. */
const CHUNK = 1000;

/** The demo seeding's SQL: the drawn catalogue and the simulated votes. */
export class DemoRepository {
  constructor(private readonly db: Db) {}

  async jerseyCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(jerseys);
    return row?.n ?? 0;
  }

  async voteCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(votes);
    return row?.n ?? 0;
  }

  /** Adds the models and suppliers (existing slugs are kept); returns every model and supplier id by name. */
  async ensureModelsAndSuppliers(
    modelRows: Insert<typeof models>[],
    supplierRows: Insert<typeof suppliers>[],
  ): Promise<{ models: Map<string, string>; suppliers: Map<string, string> }> {
    await this.db.insert(models).values(modelRows).onConflictDoNothing();
    await this.db.insert(suppliers).values(supplierRows).onConflictDoNothing();
    const modelList = await this.db.select().from(models);
    const supplierList = await this.db.select().from(suppliers);
    return {
      models: new Map(modelList.map((m) => [m.name, m.id])),
      suppliers: new Map(supplierList.map((s) => [s.name, s.id])),
    };
  }

  teams() {
    return this.db.select().from(teams);
  }

  async insertJerseys(rows: Insert<typeof jerseys>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 100)
      await this.db
        .insert(jerseys)
        .values(rows.slice(i, i + 100))
        .onConflictDoNothing();
  }

  async setTeamColor(teamId: string, color: string): Promise<void> {
    await this.db.update(teams).set({ baseColor: color, updatedAt: new Date() }).where(eq(teams.id, teamId));
  }

  /**
   * Simulated members (no password, so nobody can sign in as them), by team slug; returns their ids with
   * their teams. Teams missing from the catalogue get no fans.
   */
  async insertMembers(
    rows: { email: string; name: string; teamSlug: string; country: string; state: string }[],
  ): Promise<{ userId: string; teamId: string }[]> {
    const bySlug = new Map(
      (await this.db.select({ id: teams.id, slug: teams.slug }).from(teams)).map((t) => [t.slug, t.id]),
    );
    const values = rows
      .filter((r) => bySlug.has(r.teamSlug))
      .map((r) => ({
        email: r.email,
        name: r.name,
        country: r.country,
        state: r.state,
        favouriteTeamId: bySlug.get(r.teamSlug)!,
        confirmedAt: new Date(),
      }));
    if (values.length === 0) return [];
    const inserted = await this.db
      .insert(users)
      .values(values)
      .returning({ userId: users.id, teamId: users.favouriteTeamId });
    return inserted.map((r) => ({ userId: r.userId, teamId: r.teamId! }));
  }

  /** Votes, live ratings and pair tallies in one transaction. */
  async insertVotes(rows: {
    votes: Insert<typeof votes>[];
    ratings: Insert<typeof liveRatings>[];
    pairs: Insert<typeof pairStats>[];
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let k = 0; k < rows.votes.length; k += CHUNK) await tx.insert(votes).values(rows.votes.slice(k, k + CHUNK));
      for (let k = 0; k < rows.ratings.length; k += CHUNK)
        await tx.insert(liveRatings).values(rows.ratings.slice(k, k + CHUNK));
      for (let k = 0; k < rows.pairs.length; k += CHUNK)
        await tx.insert(pairStats).values(rows.pairs.slice(k, k + CHUNK));
    });
  }

  /** Replaces the live ratings and pair tallies (after the demo's tournament votes), in one transaction. */
  async replaceLiveState(ratings: Insert<typeof liveRatings>[], pairs: Insert<typeof pairStats>[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(liveRatings);
      await tx.delete(pairStats);
      for (let k = 0; k < ratings.length; k += CHUNK) await tx.insert(liveRatings).values(ratings.slice(k, k + CHUNK));
      for (let k = 0; k < pairs.length; k += CHUNK) await tx.insert(pairStats).values(pairs.slice(k, k + CHUNK));
    });
  }
}
