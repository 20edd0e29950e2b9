import { type SQL, and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { TournamentStatus } from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import {
  images,
  jerseys,
  rankingEntries,
  rankingFits,
  type StoredPool,
  teams,
  tournamentEntrants,
  tournamentMatches,
  tournaments,
  votes,
} from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { GLOBAL, tournamentScope } from '#lib/scopes.ts';
import { containsFolded } from '#lib/search.ts';
import type { ImageRow } from '#modules/images/index.ts';
import type { Tally } from './bracket.ts';

export type TournamentRecord = typeof tournaments.$inferSelect;
export type TournamentRow = { tournament: TournamentRecord; cover: ImageRow | null };
export type MatchRecord = typeof tournamentMatches.$inferSelect;
export type EntrantRecord = typeof tournamentEntrants.$inferSelect;
export type TournamentValues = Omit<
  typeof tournaments.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'drawnAt' | 'completedAt'
>;
export type NewMatch = Omit<typeof tournamentMatches.$inferInsert, 'id'>;

const MANAGE_SORTS = {
  start: [asc(tournaments.startsAt)],
  '-start': [desc(tournaments.startsAt)],
  name: [asc(tournaments.namePt)],
  '-name': [desc(tournaments.namePt)],
};

/** The derived status as SQL, the same rule as status.ts (docs/tournaments.md §2). */
export function statusWhere(status: TournamentStatus, now: Date): SQL {
  if (status === 'upcoming') return gt(tournaments.startsAt, now);
  if (status === 'completed') return isNotNull(tournaments.completedAt);
  return and(lte(tournaments.startsAt, now), isNull(tournaments.completedAt))!;
}

/** The tournaments module's SQL. */
export class TournamentRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: TournamentRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new TournamentRepository(tx)));
  }

  private select() {
    return this.db
      .select({
        tournament: tournaments,
        cover: { id: images.id, width: images.width, height: images.height, variants: images.variants },
      })
      .from(tournaments)
      .leftJoin(images, eq(images.id, tournaments.coverImageId))
      .$dynamic();
  }

  /**
   * One page of tournaments. Public lists order by what a fan looks for: the next to start first among the
   * upcoming, the latest first otherwise.
   */
  async list(
    q: PageRequest & { status?: TournamentStatus; search?: string; sort?: string },
    now: Date,
  ): Promise<RowsPage<TournamentRow>> {
    const where = and(
      q.status ? statusWhere(q.status, now) : undefined,
      q.search
        ? or(containsFolded(tournaments.namePt, q.search), containsFolded(tournaments.nameEn, q.search))
        : undefined,
    );
    const fallback = q.status === 'upcoming' ? 'start' : '-start';
    const order = sortOrder(MANAGE_SORTS, q.sort as keyof typeof MANAGE_SORTS | undefined, fallback, tournaments.id);
    return selectPage(
      this.select()
        .where(where)
        .orderBy(...order),
      this.db.select({ n: count() }).from(tournaments).where(where),
      q,
    );
  }

  async byId(id: string): Promise<TournamentRow | null> {
    const [row] = await this.select().where(eq(tournaments.id, id));
    return row ?? null;
  }

  async bySlug(slug: string): Promise<TournamentRow | null> {
    const [row] = await this.select().where(eq(tournaments.slug, slug));
    return row ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(and(eq(tournaments.slug, slug), exceptId ? sql`${tournaments.id} <> ${exceptId}` : undefined));
    return rows.length > 0;
  }

  async insert(values: TournamentValues): Promise<string> {
    const [row] = await this.db.insert(tournaments).values(values).returning({ id: tournaments.id });
    return row!.id;
  }

  /**
   * Updates a tournament; with `bracket` (size, start, duration or pool changed) only while it is not drawn,
   * so an edit racing the draw either lands before it or is refused. False when nothing was updated.
   */
  async update(id: string, values: Partial<TournamentValues>, bracket: boolean): Promise<boolean> {
    const rows = await this.db
      .update(tournaments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(tournaments.id, id), bracket ? isNull(tournaments.drawnAt) : undefined))
      .returning({ id: tournaments.id });
    return rows.length > 0;
  }

  /** Deletes a tournament that has not been drawn; false otherwise. */
  async deleteUndrawn(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(tournaments)
      .where(and(eq(tournaments.id, id), isNull(tournaments.drawnAt)))
      .returning({ id: tournaments.id });
    return rows.length > 0;
  }

  /** Every match of these tournaments, by round and slot. */
  matches(tournamentIds: string[]): Promise<MatchRecord[]> {
    if (tournamentIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(tournamentMatches)
      .where(inArray(tournamentMatches.tournamentId, tournamentIds))
      .orderBy(asc(tournamentMatches.round), asc(tournamentMatches.slot));
  }

  /** Entrants of these tournaments with seeds up to `maxSeed`, by seed. */
  entrants(tournamentIds: string[], maxSeed = 64): Promise<EntrantRecord[]> {
    if (tournamentIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(tournamentEntrants)
      .where(and(inArray(tournamentEntrants.tournamentId, tournamentIds), lte(tournamentEntrants.seed, maxSeed)))
      .orderBy(asc(tournamentEntrants.seed));
  }

  /** The tournaments a jersey was drawn into, with its seed. */
  entriesOf(jerseyId: string): Promise<{ tournament: TournamentRecord; seed: number }[]> {
    return this.db
      .select({ tournament: tournaments, seed: tournamentEntrants.seed })
      .from(tournamentEntrants)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntrants.tournamentId))
      .where(eq(tournamentEntrants.jerseyId, jerseyId))
      .orderBy(desc(tournaments.startsAt));
  }

  /** The active jerseys a pool holds now (docs/tournaments.md §1). */
  async poolJerseys(pool: StoredPool): Promise<string[]> {
    const where =
      pool.kind === 'hand'
        ? and(
            eq(jerseys.active, true),
            inArray(jerseys.id, pool.jerseyIds.length > 0 ? pool.jerseyIds : [null as never]),
          )
        : and(
            eq(jerseys.active, true),
            pool.teamIds.length > 0 ? inArray(jerseys.teamId, pool.teamIds) : undefined,
            pool.modelIds.length > 0 ? inArray(jerseys.modelId, pool.modelIds) : undefined,
            pool.supplierIds.length > 0 ? inArray(jerseys.supplierId, pool.supplierIds) : undefined,
            pool.seasonFrom != null ? sql`${jerseys.season} >= ${pool.seasonFrom}` : undefined,
            pool.seasonTo != null ? sql`${jerseys.season} <= ${pool.seasonTo}` : undefined,
            pool.category ? eq(teams.category, pool.category) : undefined,
          );
    const rows = await this.db
      .select({ id: jerseys.id })
      .from(jerseys)
      .innerJoin(teams, eq(teams.id, jerseys.teamId))
      .where(where);
    return rows.map((r) => r.id);
  }

  /** Bradley–Terry scores of the latest global snapshot (the seeding's input). */
  async globalScores(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ jerseyId: rankingEntries.jerseyId, score: rankingEntries.score })
      .from(rankingEntries)
      .where(
        eq(
          rankingEntries.fitId,
          sql`(select ${rankingFits.id} from ${rankingFits} where ${rankingFits.scope} = ${GLOBAL}
                order by ${rankingFits.fittedAt} desc, ${rankingFits.id} desc limit 1)`,
        ),
      );
    return new Map(rows.map((r) => [r.jerseyId, r.score]));
  }

  /** Counts per derived status (the Sistema dashboard). */
  async statusCounts(now: Date): Promise<Record<TournamentStatus, number>> {
    const [row] = await this.db
      .select({
        upcoming: sql<number>`count(*) filter (where ${statusWhere('upcoming', now)})::int`,
        ongoing: sql<number>`count(*) filter (where ${statusWhere('ongoing', now)})::int`,
        completed: sql<number>`count(*) filter (where ${statusWhere('completed', now)})::int`,
      })
      .from(tournaments);
    return { upcoming: row?.upcoming ?? 0, ongoing: row?.ongoing ?? 0, completed: row?.completed ?? 0 };
  }

  // ---- the round job (docs/tournaments.md §5) ----

  /** Tournaments with something due at `now`: a draw, or an open round whose planned end has passed. */
  async due(now: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(
        and(
          isNull(tournaments.completedAt),
          or(
            and(isNull(tournaments.drawnAt), lte(tournaments.startsAt, now)),
            sql`exists (select 1 from ${tournamentMatches} m where m.tournament_id = ${tournaments.id}
                          and m.closed_at is null and m.closes_at <= ${now})`,
          ),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The next moment something falls due after `now` (a start or a round's end), if any. */
  async nextDue(now: Date): Promise<Date | null> {
    const rows = await queryRows<{ at: string | Date | null }>(
      this.db,
      sql`select least(
            (select min(${tournaments.startsAt}) from ${tournaments}
              where ${tournaments.drawnAt} is null and ${tournaments.startsAt} > ${now}),
            (select min(${tournamentMatches.closesAt}) from ${tournamentMatches}
              where ${tournamentMatches.closedAt} is null and ${tournamentMatches.closesAt} > ${now})
          ) as at`,
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : null;
  }

  /** Locks a tournament's row for the rest of the transaction: draws and closes of one tournament serialise. */
  async lock(id: string): Promise<TournamentRecord | null> {
    const [row] = await this.db.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
    return row ?? null;
  }

  /** The open (undecided) matches of a tournament, locked: a vote waits for the close, or the close for the vote. */
  openMatchesLocked(id: string): Promise<MatchRecord[]> {
    return this.db
      .select()
      .from(tournamentMatches)
      .where(and(eq(tournamentMatches.tournamentId, id), isNull(tournamentMatches.closedAt)))
      .orderBy(asc(tournamentMatches.round), asc(tournamentMatches.slot))
      .for('update');
  }

  /**
   * Each pair's valid decisive votes in the tournament's scope, read through the one-answer-per-match index:
   * wins of the lower id, of the higher id, and halves (ties and "both bad"); skips count for nobody.
   */
  async tallies(id: string): Promise<Map<string, Tally & { lowId: string }>> {
    const rows = await queryRows<{ low: string; high: string; low_wins: number; high_wins: number; halves: number }>(
      this.db,
      sql`select least(${votes.leftId}, ${votes.rightId}) as low, greatest(${votes.leftId}, ${votes.rightId}) as high,
            count(*) filter (where (${votes.outcome} = 'left' and ${votes.leftId} < ${votes.rightId})
                                or (${votes.outcome} = 'right' and ${votes.rightId} < ${votes.leftId}))::int as low_wins,
            count(*) filter (where (${votes.outcome} = 'left' and ${votes.leftId} > ${votes.rightId})
                                or (${votes.outcome} = 'right' and ${votes.rightId} > ${votes.leftId}))::int as high_wins,
            count(*) filter (where ${votes.outcome} in ('tie', 'both_bad'))::int as halves
          from ${votes}
          where ${votes.scope} = ${tournamentScope(id)} and ${votes.valid} and ${votes.outcome} <> 'skip'
          group by 1, 2`,
    );
    return new Map(
      rows.map((r) => [
        `${r.low}:${r.high}`,
        { lowId: r.low, aWins: Number(r.low_wins), bWins: Number(r.high_wins), halves: Number(r.halves) },
      ]),
    );
  }

  /**
   * Decides an open match. Only an open one: the update is conditional on `closed_at is null`, and a match
   * already decided makes the whole close fail (its transaction rolls back) rather than be decided twice.
   */
  async decideMatch(
    id: string,
    d: { winnerId: string; decidedBy: string; aPoints: number; bPoints: number; votes: number; closedAt: Date },
  ): Promise<void> {
    const rows = await this.db
      .update(tournamentMatches)
      .set(d)
      .where(and(eq(tournamentMatches.id, id), isNull(tournamentMatches.closedAt)))
      .returning({ id: tournamentMatches.id });
    if (rows.length === 0) throw new Error(`match ${id} is already decided`);
  }

  /** Inserts a round's matches; a second run inserts nothing (one row per round and slot). */
  async insertMatches(rows: NewMatch[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(tournamentMatches).values(rows).onConflictDoNothing();
  }

  async insertEntrants(rows: EntrantRecord[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(tournamentEntrants).values(rows).onConflictDoNothing();
  }

  async markDrawn(id: string, size: number, at: Date): Promise<void> {
    await this.db.update(tournaments).set({ drawnAt: at, size }).where(eq(tournaments.id, id));
  }

  async markCompleted(id: string, at: Date): Promise<void> {
    await this.db.update(tournaments).set({ completedAt: at }).where(eq(tournaments.id, id));
  }

  // ---- tournament duels ----

  /** The open matches of a tournament's current round whose planned end is after `now`. */
  openMatches(id: string, now: Date): Promise<MatchRecord[]> {
    return this.db
      .select()
      .from(tournamentMatches)
      .where(
        and(
          eq(tournamentMatches.tournamentId, id),
          isNull(tournamentMatches.closedAt),
          gt(tournamentMatches.closesAt, now),
        ),
      )
      .orderBy(asc(tournamentMatches.slot));
  }

  /** The pairs a voter has answered in a tournament (its matches), read through the voter index. */
  async answeredIn(id: string, voterKey: string): Promise<{ leftId: string; rightId: string }[]> {
    return this.db
      .select({ leftId: votes.leftId, rightId: votes.rightId })
      .from(votes)
      .where(and(eq(votes.voterKey, voterKey), eq(votes.scope, tournamentScope(id))));
  }
}
