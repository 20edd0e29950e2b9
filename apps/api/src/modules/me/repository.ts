import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { teams, users } from '#db/schema/index.ts';

/** The profile fields a user may change about themselves. */
type ProfileValues = Partial<
  Pick<typeof users.$inferInsert, 'name' | 'city' | 'state' | 'country' | 'gender' | 'language' | 'favouriteTeamId'>
>;

export class MeRepository {
  constructor(private readonly db: Db) {}

  /** The user with the slug and name of their favourite team. */
  async profile(userId: string) {
    const [row] = await this.db
      .select({ user: users, teamSlug: teams.slug, teamName: teams.name })
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

  /** The user's password hash; null when they sign in only through a provider. */
  async passwordHash(userId: string): Promise<string | null> {
    const [user] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return user?.passwordHash ?? null;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}
