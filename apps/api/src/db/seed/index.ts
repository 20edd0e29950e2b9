import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { hashPassword } from '#lib/passwords.ts';
import { slugify } from '#lib/slug.ts';
import type { Db } from '../client.ts';
import { currentTermsVersion, teams, terms, users } from '../schema/index.ts';
import { SEED_TEAMS } from './teams.ts';
import { FIRST_TERMS } from './terms.ts';

/** Reference data every installation needs: teams to pick as favourite and a first published terms version. */
export async function seedReferenceData(db: Db, log: Logger): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(teams);
  if (count === 0) {
    await db
      .insert(teams)
      .values(SEED_TEAMS.map((t) => ({ ...t, slug: slugify(t.name) })))
      .onConflictDoNothing();
    log.info({ teams: SEED_TEAMS.length }, 'seeded teams');
  }
  await db
    .insert(terms)
    .values({ ...FIRST_TERMS, publishedAt: new Date() })
    .onConflictDoNothing();
}

/**
 * Makes sure the configured admin exists, is confirmed, active and has the Admin role. Processes starting
 * together may all find no account: one insert wins (the email's unique index), the others then promote it.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, log: Logger): Promise<void> {
  const email = admin.email.toLowerCase();
  if (await promoteAdmin(db, email)) return;
  const created = await db
    .insert(users)
    .values({
      email,
      name: 'Admin',
      passwordHash: await hashPassword(admin.password),
      roles: ['Admin'],
      confirmedAt: new Date(),
      // The operator who configured the account publishes the terms; later versions they accept like anyone.
      termsVersion: currentTermsVersion,
      termsAcceptedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length > 0) log.info({ email }, 'created the configured admin');
  else await promoteAdmin(db, email);
}

/** Gives an existing account the Admin role, confirmed and active; false when there is none. */
async function promoteAdmin(db: Db, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (!existing) return false;
  const roles = existing.roles.includes('Admin') ? existing.roles : [...existing.roles, 'Admin'];
  await db
    .update(users)
    .set({ roles, active: true, confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
    .where(eq(users.id, existing.id));
  return true;
}
