import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import {
  collectionItems,
  feedbacks,
  follows,
  jerseys,
  mailOutbox,
  mailRequests,
  models,
  notificationSettings,
  notifications,
  sessions,
  currentTermsVersion,
  teams,
  termsPending,
  users,
  voterDays,
  voterFlags,
  votes,
} from '#db/schema/index.ts';

/** The profile fields a user may change about themselves. */
type ProfileValues = Partial<
  Pick<
    typeof users.$inferInsert,
    'name' | 'city' | 'state' | 'country' | 'gender' | 'language' | 'favouriteTeamId' | 'segmentOptOut'
  >
>;

export class MeRepository {
  constructor(private readonly db: Db) {}

  /** The user with the slug and name of their favourite team. */
  async profile(userId: string) {
    const [row] = await this.db
      .select({ user: users, teamSlug: teams.slug, teamName: teams.name, termsPending: termsPending() })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.favouriteTeamId))
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async updateProfile(userId: string, values: ProfileValues): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  /** Accepts `version` when it is the current terms; false when it is not (a newer one, or none such). */
  async acceptTerms(userId: string, version: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ termsVersion: version, termsAcceptedAt: new Date() })
      .where(and(eq(users.id, userId), sql`${version} = ${currentTermsVersion}`))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** The user's password hash; null when they sign in only through a provider. */
  async passwordHash(userId: string): Promise<string | null> {
    const [user] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return user?.passwordHash ?? null;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** A member's feedbacks, oldest first, without the moderators' internal note. */
  feedbacksOf(userId: string) {
    return this.db
      .select({
        type: feedbacks.type,
        title: feedbacks.title,
        message: feedbacks.message,
        status: feedbacks.status,
        page: feedbacks.pagePath,
        createdAt: feedbacks.createdAt,
      })
      .from(feedbacks)
      .where(eq(feedbacks.userId, userId))
      .orderBy(asc(feedbacks.createdAt));
  }

  /** A member's votes, oldest first, each jersey named by team, season and model. */
  /** What the member follows, their notifications and their e-mail topics, for the export. */
  async notificationsOf(userId: string) {
    const [followed, told, settings] = await Promise.all([
      this.db.select().from(follows).where(eq(follows.userId, userId)).orderBy(asc(follows.createdAt)),
      this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
      this.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ]);
    return { followed, told, emailTopics: settings[0]?.emailTopics ?? [] };
  }

  votesOf(userId: string) {
    const [l, r, lt, rt, lm, rm] = [
      alias(jerseys, 'l'),
      alias(jerseys, 'r'),
      alias(teams, 'lt'),
      alias(teams, 'rt'),
      alias(models, 'lm'),
      alias(models, 'rm'),
    ];
    return this.db
      .select({
        answeredAt: votes.answeredAt,
        scope: votes.scope,
        outcome: votes.outcome,
        skipReason: votes.skipReason,
        valid: votes.valid,
        left: sql<{
          team: string;
          season: number;
          model: string;
        }>`json_build_object('team', ${lt.name}, 'season', ${l.season}, 'model', ${lm.name})`,
        right: sql<{
          team: string;
          season: number;
          model: string;
        }>`json_build_object('team', ${rt.name}, 'season', ${r.season}, 'model', ${rm.name})`,
      })
      .from(votes)
      .innerJoin(l, eq(l.id, votes.leftId))
      .innerJoin(r, eq(r.id, votes.rightId))
      .innerJoin(lt, eq(lt.id, l.teamId))
      .innerJoin(rt, eq(rt.id, r.teamId))
      .innerJoin(lm, eq(lm.id, l.modelId))
      .innerJoin(rm, eq(rm.id, r.modelId))
      .where(eq(votes.userId, userId))
      .orderBy(asc(votes.answeredAt), asc(votes.id));
  }

  /** A member's collection entries (ADR 0042), oldest first, each jersey named by team, season and model. */
  collectionOf(userId: string) {
    return this.db
      .select({
        kind: collectionItems.kind,
        jersey: sql<{
          team: string;
          season: number;
          model: string;
        }>`json_build_object('team', ${teams.name}, 'season', ${jerseys.season}, 'model', ${models.name})`,
        size: collectionItems.size,
        targetPriceCents: collectionItems.targetPriceCents,
        createdAt: collectionItems.createdAt,
        updatedAt: collectionItems.updatedAt,
      })
      .from(collectionItems)
      .innerJoin(jerseys, eq(jerseys.id, collectionItems.jerseyId))
      .innerJoin(teams, eq(teams.id, jerseys.teamId))
      .innerJoin(models, eq(models.id, jerseys.modelId))
      .where(eq(collectionItems.userId, userId))
      .orderBy(asc(collectionItems.createdAt), asc(collectionItems.id));
  }

  /** Whether the member's collection is public, and its link's id. */
  async collectionVisibility(userId: string): Promise<{ public: boolean; shareId: string | null }> {
    const [row] = await this.db
      .select({ public: users.collectionPublic, shareId: users.collectionShareId })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? { public: false, shareId: null };
  }

  /** When the session was started (its sign-in). */
  async sessionStartedAt(sessionId: string, userId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return row?.at ?? null;
  }

  /**
   * Deletes the account in one transaction (docs/security.md item 28). Votes stay, so no ranking moves, under
   * a fresh random voter key with no user and without where they came from (address and network hashes, user
   * agent: ADR 0031); so do the voter's daily counters and flags. Mail waiting for the address is dropped.
   * Sessions, refresh tokens, one-time tokens, social identities and the collection (ADR 0042) go with the user
   * row (cascade); feedbacks
   * lose the link (set null); audit rows are never changed and keep the actor's id and name as written.
   */
  async deleteAccount(userId: string): Promise<void> {
    const anonymous = `x:${randomUUID()}`;
    const key = `u:${userId}`;
    const untraced = { userId: null, ipHash: null, networkKey: null, userAgent: null };
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) return;
      await tx
        .update(votes)
        .set({ voterKey: anonymous, ...untraced })
        .where(eq(votes.voterKey, key));
      await tx.update(votes).set(untraced).where(eq(votes.userId, userId));
      await tx.update(voterDays).set({ voterKey: anonymous }).where(eq(voterDays.voterKey, key));
      await tx.update(voterFlags).set({ voterKey: anonymous }).where(eq(voterFlags.voterKey, key));
      await tx.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
      await tx.delete(mailRequests).where(sql`lower(${mailRequests.email}) = lower(${user.email})`);
      await tx.delete(users).where(eq(users.id, userId));
    });
  }
}
