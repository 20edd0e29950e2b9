import { type SQL, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FollowKind, NotificationKind, NotificationTopic } from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import {
  follows,
  jerseys,
  notificationCursors,
  notificationSettings,
  notifications,
  rankingEntries,
  rankingFits,
  tournamentMatches,
  tournaments,
  users,
} from '#db/schema/index.ts';
import { col } from '#db/sql-names.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The topic each kind is mailed under. */
export const TOPIC_OF: Record<NotificationKind, NotificationTopic> = {
  round_opened: 'tournaments',
  round_closed: 'tournaments',
  tournament_finished: 'tournaments',
  top3_entered: 'rankings',
  top3_left: 'rankings',
  rank_moved: 'rankings',
  new_jersey: 'teams',
  price_alert: 'prices',
};

/** Events older than this are not told to anyone who had not been told yet (a job down for days). */
const EVENT_WINDOW_DAYS = 7;
/** Places a followed jersey must move in one global fit to be told. */
export const RANK_MOVE = 10;
/** A team's places that count as its top. */
export const TEAM_TOP = 3;

const CURSOR = 'ranking-fits';

/** A digest's worth: a member, their language and address, and their untold notifications of mailed topics. */
export interface DigestCandidate {
  user_id: string;
  email: string;
  name: string;
  language: string;
  email_topics: string[];
}

/** The notifications module's SQL: follows, the member's notifications and settings, and the job's statements. */
export class NotificationRepository {
  constructor(private readonly db: Db) {}

  // ——— follows ———

  /** Follows from the database's time: the events it is compared with (fits, new jerseys) are stamped by it too. */
  async follow(userId: string, kind: FollowKind, targetId: string): Promise<void> {
    await this.db.insert(follows).values({ userId, kind, targetId }).onConflictDoNothing();
  }

  async unfollow(userId: string, kind: FollowKind, targetId: string): Promise<void> {
    await this.db
      .delete(follows)
      .where(and(eq(follows.userId, userId), eq(follows.kind, kind), eq(follows.targetId, targetId)));
  }

  followsOf(userId: string) {
    return this.db.select().from(follows).where(eq(follows.userId, userId)).orderBy(desc(follows.createdAt));
  }

  // ——— a member's notifications ———

  list(userId: string, page: { limit: number; offset: number }) {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.hidden, false)))
      .orderBy(desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async counts(userId: string): Promise<{ total: number; unread: number }> {
    const [row] = await queryRows<{ total: number; unread: number }>(
      this.db,
      sql`select count(*)::int as total, count(*) filter (where ${notifications.readAt} is null)::int as unread
            from ${notifications} where ${notifications.userId} = ${userId} and not ${notifications.hidden}`,
    );
    return row ?? { total: 0, unread: 0 };
  }

  /** Marks the member's notifications read: those named, or all. Another member's ids change nothing. */
  async markRead(userId: string, ids: number[] | 'all', at: Date): Promise<void> {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, ids)));
  }

  everyNotificationOf(userId: string) {
    return this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
  }

  // ——— settings ———

  async emailTopics(userId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ topics: notificationSettings.emailTopics })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row?.topics ?? [];
  }

  async setEmailTopics(userId: string, topics: string[]): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ userId, emailTopics: topics })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailTopics: topics } });
  }

  /** Drops one topic (or all) from the member's mailed ones; false when there is no such member. */
  async dropEmailTopic(userId: string, topic: string | 'all'): Promise<boolean> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return false;
    await this.db
      .update(notificationSettings)
      .set({
        emailTopics:
          topic === 'all' ? sql`'{}'::text[]` : sql`array_remove(${notificationSettings.emailTopics}, ${topic})`,
      })
      .where(eq(notificationSettings.userId, userId));
    return true;
  }

  // ——— the job ———

  /**
   * Tells the followers of each event since `since` that they have not been told, as of `now`: one row per
   * member and event (`key`), so a run repeated after a restart adds nothing. An event is told only to who
   * followed before it happened. Then hides what goes past each member's `perDay` on the day of `now`.
   */
  async notifyEvents(now: Date, perDay: number): Promise<number> {
    const since = new Date(now.getTime() - EVENT_WINDOW_DAYS * 86_400_000);
    let added = 0;
    for (const events of [this.tournamentEvents(since, now), this.newJerseys(since)])
      added += await this.insertEvents(events, now);
    added += await this.rankingEvents(now);
    if (added > 0) await this.hideOverLimit(now, perDay);
    return added;
  }

  /**
   * Rows to tell, as a query of (user_id, kind, key, data): each round's opening (its first match opened; told
   * to whoever follows while it is open, too, as a call to vote) and closing (its last match closed), and a
   * tournament's end with its champion, to its followers.
   */
  private tournamentEvents(since: Date, now: Date): SQL {
    const m = (c: Parameters<typeof col>[0]) => sql`m.${col(c)}`;
    const rounds = sql`select ${m(tournamentMatches.tournamentId)} as tournament_id, ${m(tournamentMatches.round)} as round,
        min(${m(tournamentMatches.opensAt)}) as opened, max(${m(tournamentMatches.closedAt)}) as closed,
        count(*) filter (where ${m(tournamentMatches.closedAt)} is null) as open_matches
      from ${tournamentMatches} m group by 1, 2`;
    const followers = sql`${follows} f on f.${col(follows.kind)} = 'tournament'`;
    const finals = sql`select m.${col(tournamentMatches.tournamentId)} as tournament_id, m.${col(tournamentMatches.winnerId)} as winner
      from ${tournamentMatches} m where m.${col(tournamentMatches.round)} = (
        select max(x.${col(tournamentMatches.round)}) from ${tournamentMatches} x
         where x.${col(tournamentMatches.tournamentId)} = m.${col(tournamentMatches.tournamentId)})`;
    const fUser = sql`f.${col(follows.userId)}`;
    const fTarget = sql`f.${col(follows.targetId)}`;
    const fSince = sql`f.${col(follows.createdAt)}`;
    return sql`
      select ${fUser} as user_id, 'round_opened' as kind,
             'round-opened:' || r.tournament_id || ':' || r.round as key,
             jsonb_build_object('tournamentId', r.tournament_id, 'round', r.round) as data
        from (${rounds}) r join ${followers} and ${fTarget} = r.tournament_id
       where (r.opened >= ${fSince} or r.open_matches > 0)
         and r.opened > ${since.toISOString()} and r.opened <= ${now.toISOString()}
      union all
      select ${fUser}, 'round_closed', 'round-closed:' || r.tournament_id || ':' || r.round,
             jsonb_build_object('tournamentId', r.tournament_id, 'round', r.round)
        from (${rounds}) r join ${followers} and ${fTarget} = r.tournament_id
       where r.open_matches = 0 and r.closed >= ${fSince} and r.closed > ${since.toISOString()}
      union all
      select ${fUser}, 'tournament_finished', 'tournament-finished:' || t.${col(tournaments.id)},
             jsonb_build_object('tournamentId', t.${col(tournaments.id)}, 'jerseyId', fin.winner)
        from ${tournaments} t join ${followers} and ${fTarget} = t.${col(tournaments.id)}
        left join (${finals}) fin on fin.tournament_id = t.${col(tournaments.id)}
       where t.${col(tournaments.completedAt)} >= ${fSince} and t.${col(tournaments.completedAt)} > ${since.toISOString()}`;
  }

  /** A followed team's jerseys added since its follower followed it (and active). */
  private newJerseys(since: Date): SQL {
    return sql`
      select f.${col(follows.userId)} as user_id, 'new_jersey' as kind, 'new-jersey:' || j.${col(jerseys.id)} as key,
             jsonb_build_object('jerseyId', j.${col(jerseys.id)}) as data
        from ${follows} f join ${jerseys} j on f.${col(follows.kind)} = 'team'
                                           and j.${col(jerseys.teamId)} = f.${col(follows.targetId)}
       where j.${col(jerseys.active)} and j.${col(jerseys.createdAt)} >= f.${col(follows.createdAt)}
         and j.${col(jerseys.createdAt)} > ${since.toISOString()}`;
  }

  /**
   * The ranking fits published since the job's cursor, in order: in the global ranking a followed jersey that
   * moved RANK_MOVE places or more; in its team's ranking one that entered or left the top TEAM_TOP. The
   * cursor moves in the same transaction as the rows, so a fit is read once; a first run starts from the
   * latest fit rather than telling the past.
   */
  private rankingEvents(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [latest] = await queryRows<{ id: number | null }>(
        tx,
        sql`select max(${rankingFits.id}) as id from ${rankingFits}`,
      );
      const top = Number(latest?.id ?? 0);
      const [cursor] = await tx
        .select({ value: notificationCursors.value })
        .from(notificationCursors)
        .where(eq(notificationCursors.name, CURSOR))
        .for('update');
      if (!cursor) {
        await tx.insert(notificationCursors).values({ name: CURSOR, value: top }).onConflictDoNothing();
        return 0;
      }
      if (top <= cursor.value) return 0;
      const e = (c: Parameters<typeof col>[0]) => sql`e.${col(c)}`;
      const fit = (c: Parameters<typeof col>[0]) => sql`fit.${col(c)}`;
      const followers = sql`join ${follows} f on f.${col(follows.kind)} = 'jersey'
          and f.${col(follows.targetId)} = ${e(rankingEntries.jerseyId)} and f.${col(follows.createdAt)} <= ${fit(rankingFits.fittedAt)}`;
      const base = sql`from ${rankingEntries} e join ${rankingFits} fit on fit.${col(rankingFits.id)} = ${e(rankingEntries.fitId)}
          ${followers}
          where fit.${col(rankingFits.id)} > ${cursor.value} and fit.${col(rankingFits.id)} <= ${top}`;
      const data = sql`jsonb_build_object('jerseyId', ${e(rankingEntries.jerseyId)}, 'rank', ${e(rankingEntries.rank)},
          'previousRank', ${e(rankingEntries.previousRank)}, 'fitId', fit.${col(rankingFits.id)})`;
      const rank = e(rankingEntries.rank);
      const previous = e(rankingEntries.previousRank);
      const teamScope = sql`fit.${col(rankingFits.scope)} ~ '^team:[0-9a-f-]{36}$'`;
      const events = sql`
        select f.${col(follows.userId)} as user_id, 'rank_moved' as kind,
               'rank-moved:' || fit.${col(rankingFits.id)} || ':' || ${e(rankingEntries.jerseyId)} as key, ${data} as data
          ${base} and fit.${col(rankingFits.scope)} = 'global' and ${previous} is not null
          and abs(${rank} - ${previous}) >= ${RANK_MOVE}
        union all
        select f.${col(follows.userId)}, 'top3_entered', 'top3-entered:' || fit.${col(rankingFits.id)} || ':' || ${e(rankingEntries.jerseyId)}, ${data}
          ${base} and ${teamScope} and ${rank} <= ${TEAM_TOP} and coalesce(${previous}, ${TEAM_TOP + 1}) > ${TEAM_TOP}
        union all
        select f.${col(follows.userId)}, 'top3_left', 'top3-left:' || fit.${col(rankingFits.id)} || ':' || ${e(rankingEntries.jerseyId)}, ${data}
          ${base} and ${teamScope} and ${rank} > ${TEAM_TOP} and ${previous} <= ${TEAM_TOP}`;
      const added = await new NotificationRepository(tx).insertEvents(events, now);
      await tx.update(notificationCursors).set({ value: top }).where(eq(notificationCursors.name, CURSOR));
      return added;
    });
  }

  /**
   * A wishlist's price crossings, as the collection's detector hands them over inside its transaction (this
   * repository is on it): one notification each, keyed by the wanted row and the run, since the detector
   * reports a crossing once.
   */
  async insertPriceAlerts(
    crossings: {
      itemId: string;
      userId: string;
      jerseyId: string;
      targetPriceCents: number;
      offerPriceCents: number;
    }[],
    now: Date,
  ): Promise<number> {
    if (crossings.length === 0) return 0;
    const rows = await this.db
      .insert(notifications)
      .values(
        crossings.map((c) => ({
          userId: c.userId,
          kind: 'price_alert',
          topic: TOPIC_OF.price_alert,
          key: `price:${c.itemId}:${now.getTime()}`,
          data: { jerseyId: c.jerseyId, targetPriceCents: c.targetPriceCents, offerPriceCents: c.offerPriceCents },
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Hides what goes past each member's `perDay` on the day of `now` (after rows added outside notifyEvents). */
  limitDay(now: Date, perDay: number): Promise<void> {
    return this.hideOverLimit(now, perDay);
  }

  /** Inserts the rows `events` selects (user_id, kind, key, data), each member's event once. */
  private async insertEvents(events: SQL, now: Date): Promise<number> {
    const topic = sql`case ev.kind ${sql.join(
      Object.entries(TOPIC_OF).map(([kind, t]) => sql`when ${kind} then ${t}`),
      sql` `,
    )} end`;
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`insert into ${notifications} (${col(notifications.userId)}, ${col(notifications.kind)}, ${col(notifications.topic)},
            ${col(notifications.key)}, ${col(notifications.data)}, ${col(notifications.createdAt)})
          select ev.user_id, ev.kind, ${topic}, ev.key, ev.data, ${now.toISOString()}
            from (${events}) ev order by ev.user_id, ev.key
          on conflict (${col(notifications.userId)}, ${col(notifications.key)}) do nothing
          returning ${col(notifications.id)} as id`,
    );
    return rows.length;
  }

  /** Hides each member's rows of `now`'s UTC day past the first `perDay`, oldest kept. */
  private async hideOverLimit(now: Date, perDay: number): Promise<void> {
    const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
    await queryRows(
      this.db,
      sql`update ${notifications} set ${col(notifications.hidden)} = true
           where ${notifications.id} in (
             select id from (
               select ${col(notifications.id)} as id,
                      row_number() over (partition by ${col(notifications.userId)} order by ${col(notifications.id)}) as n
                 from ${notifications} where ${notifications.createdAt} >= ${day.toISOString()}) d
             where d.n > ${perDay})
             and not ${notifications.hidden}`,
    );
  }

  /** Members with visible notifications of a mailed topic that no digest has carried, and no digest since `since`. */
  digestCandidates(since: Date) {
    const s = (c: Parameters<typeof col>[0]) => sql`s.${col(c)}`;
    return queryRows<DigestCandidate>(
      this.db,
      sql`select u.${col(users.id)} as user_id, u.${col(users.email)} as email, u.${col(users.name)} as name,
                 u.${col(users.language)} as language, ${s(notificationSettings.emailTopics)} as email_topics
            from ${notificationSettings} s join ${users} u on u.${col(users.id)} = ${s(notificationSettings.userId)}
           where cardinality(${s(notificationSettings.emailTopics)}) > 0
             and (${s(notificationSettings.digestSentAt)} is null or ${s(notificationSettings.digestSentAt)} <= ${since.toISOString()})
             and exists (select 1 from ${notifications} n
                          where n.${col(notifications.userId)} = u.${col(users.id)} and n.${col(notifications.mailedAt)} is null
                            and not n.${col(notifications.hidden)}
                            and n.${col(notifications.topic)} = any(${s(notificationSettings.emailTopics)}))`,
    );
  }

  /** The member's visible rows of `topics` that no digest has carried yet, oldest first. */
  unmailed(userId: string, topics: string[]): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.mailedAt),
          eq(notifications.hidden, false),
          inArray(notifications.topic, topics),
        ),
      )
      .orderBy(notifications.id);
  }

  /**
   * In a transaction: marks the rows `ids` mailed at `now`, with the member's digest time, unless a digest went
   * out since `since` or another run took any of them; false then, and the caller rolls back.
   */
  async claimDigest(userId: string, ids: number[], since: Date, now: Date): Promise<boolean> {
    const [settings] = await this.db
      .select({ sentAt: notificationSettings.digestSentAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for('update');
    if (!settings || (settings.sentAt && settings.sentAt > since)) return false;
    const claimed = await this.db
      .update(notifications)
      .set({ mailedAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt), inArray(notifications.id, ids)))
      .returning({ id: notifications.id });
    if (claimed.length !== ids.length) return false;
    await this.db
      .update(notificationSettings)
      .set({ digestSentAt: now })
      .where(eq(notificationSettings.userId, userId));
    return true;
  }
}
