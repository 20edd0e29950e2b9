import { type SQL, and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SocialProvider } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import {
  oneTimeTokens,
  refreshTokens,
  sessions,
  socialStates,
  teams,
  terms,
  termsPending,
  userIdentities,
  users,
} from '#db/schema/index.ts';
import type { Principal } from '#plugins/access.ts';

export type OneTimePurpose = 'confirm_email' | 'reset_password' | 'social_login';
type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Every statement of the auth module: accounts, one-time tokens, sessions and social sign-in. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it (and the transaction, for other modules' writes). */
  transaction<T>(work: (repository: AuthRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepository(tx), tx));
  }

  /** A repository on `db` (a transaction another module opened). */
  static on(db: Db): AuthRepository {
    return new AuthRepository(db);
  }

  // ---- accounts ----

  async userByEmail(email: string): Promise<UserRow | null> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return user ?? null;
  }

  async userById(id: string): Promise<UserRow | null> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return user ?? null;
  }

  async teamIdBySlug(slug: string): Promise<string | null> {
    const [team] = await this.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)).limit(1);
    return team?.id ?? null;
  }

  /** The version of the newest published terms, which a new account accepts. */
  async currentTermsVersion(): Promise<number | null> {
    const [current] = await this.db
      .select({ version: terms.version })
      .from(terms)
      .where(sql`${terms.publishedAt} is not null`)
      .orderBy(desc(terms.version))
      .limit(1);
    return current?.version ?? null;
  }

  /** The new user; null when the email was taken meanwhile. */
  async insertUser(values: NewUser): Promise<UserRow | null> {
    const [user] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return user ?? null;
  }

  /** Marks an active user's email confirmed (once); false when there is no such active user. */
  async confirmEmail(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.active, true)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** A new password from a mailed reset link, which also proves (confirms) the address. */
  async resetPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, confirmedAt: sql`coalesce(${users.confirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  // ---- one-time tokens ----

  /** Stores a new token of a purpose for a user, marking the user's earlier ones of it used. */
  async replaceOneTimeToken(userId: string, purpose: OneTimePurpose, tokenHash: string, expiresAt: Date) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
      await tx.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
    });
  }

  /** Marks a live token used and returns its user id; null when unknown, used, expired or not the user's. */
  async consumeOneTimeToken(tokenHash: string, purpose: OneTimePurpose, userId?: string): Promise<string | null> {
    const conditions: SQL[] = [
      eq(oneTimeTokens.tokenHash, tokenHash),
      eq(oneTimeTokens.purpose, purpose),
      isNull(oneTimeTokens.usedAt),
      gt(oneTimeTokens.expiresAt, sql`now()`),
    ];
    if (userId) conditions.push(eq(oneTimeTokens.userId, userId));
    const [row] = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(...conditions))
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId ?? null;
  }

  /** When the user was last issued a token of the purpose. */
  async lastOneTimeTokenAt(userId: string, purpose: OneTimePurpose): Promise<Date | null> {
    const [last] = await this.db
      .select({ createdAt: oneTimeTokens.createdAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1);
    return last?.createdAt ?? null;
  }

  // ---- sessions and refresh tokens ----

  /** The user of a session that is neither revoked nor expired, if the account is active. */
  async principal(sessionId: string, userId: string): Promise<Principal | null> {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        roles: users.roles,
        sessionId: sessions.id,
        termsPending: termsPending(),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** A new session is a sign-in (password, mailed link or social): the user's last sign-in moves with it. */
  async insertSession(userId: string, rememberMe: boolean, expiresAt: Date): Promise<string> {
    const [session] = await this.db
      .insert(sessions)
      .values({ userId, rememberMe, expiresAt })
      .returning({ id: sessions.id, createdAt: sessions.createdAt });
    await this.db.update(users).set({ lastSignInAt: session!.createdAt }).where(eq(users.id, userId));
    return session!.id;
  }

  /** What the login answer tells about the user. */
  async loginProfile(userId: string) {
    const [user] = await this.db
      .select({ email: users.email, name: users.name, roles: users.roles, team: teams.name })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.favouriteTeamId))
      .where(eq(users.id, userId));
    return user!;
  }

  async insertRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
    await this.db.insert(refreshTokens).values({ tokenHash, sessionId });
  }

  /** A refresh token with its session and user, locked until the transaction ends. */
  async refreshTokenForUpdate(tokenHash: string) {
    const [row] = await this.db
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        active: users.active,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens });
    return row ?? null;
  }

  async markRefreshTokenUsed(tokenHash: string): Promise<void> {
    await this.db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.tokenHash, tokenHash));
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeUserSessions(userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    const conditions: SQL[] = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conditions));
  }

  // ---- social sign-in ----

  /** Stores a sign-in attempt's state, clearing the expired ones. */
  async saveSocialState(values: typeof socialStates.$inferInsert): Promise<void> {
    await this.db.delete(socialStates).where(sql`${socialStates.expiresAt} < now()`);
    await this.db.insert(socialStates).values(values);
  }

  /** Deletes and returns a live sign-in state: each one is good for a single callback. */
  async takeSocialState(stateHash: string, provider: SocialProvider) {
    const [pending] = await this.db
      .delete(socialStates)
      .where(
        and(
          eq(socialStates.stateHash, stateHash),
          eq(socialStates.provider, provider),
          gt(socialStates.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return pending ?? null;
  }

  /** The user a provider's subject is linked to. */
  async identityUser(provider: SocialProvider, subject: string) {
    const [identity] = await this.db
      .select({ userId: userIdentities.userId, active: users.active })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return identity ?? null;
  }

  async linkIdentity(values: typeof userIdentities.$inferInsert): Promise<void> {
    await this.db.insert(userIdentities).values(values).onConflictDoNothing();
  }
}
