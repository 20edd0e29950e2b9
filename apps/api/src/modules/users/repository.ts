import { type SQL, and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ManageUserQuery, UserManageSort } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { sessions, teams, users } from '#db/schema/index.ts';
import { selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roles: users.roles,
  active: users.active,
  createdAt: users.createdAt,
  confirmedAt: users.confirmedAt,
  lastSignInAt: users.lastSignInAt,
};

const SORTS: Record<UserManageSort, SQL[]> = {
  name: [asc(users.name)],
  '-name': [desc(users.name)],
  created: [asc(users.createdAt)],
  '-created': [desc(users.createdAt)],
};

const hasRole = (role: string) => sql`${role} = any(${users.roles})`;

/** A session that still works: neither revoked nor expired. */
const liveSession = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

export type UserListRow = Awaited<ReturnType<UsersRepository['list']>>['rows'][number];
export type UserDetailRow = NonNullable<Awaited<ReturnType<UsersRepository['detail']>>>;

/** Every statement of user management (Sistema, Admins). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new UsersRepository(tx)));
  }

  list(q: ManageUserQuery) {
    const conditions: SQL[] = [];
    if (q.search) {
      const match = or(containsFolded(users.name, q.search), containsFolded(users.email, q.search));
      if (match) conditions.push(match);
    }
    if (q.role === 'none') conditions.push(sql`cardinality(${users.roles}) = 0`);
    else if (q.role) conditions.push(hasRole(q.role));
    if (q.active !== undefined) conditions.push(eq(users.active, q.active));
    if (q.confirmed !== undefined)
      conditions.push(q.confirmed ? isNotNull(users.confirmedAt) : isNull(users.confirmedAt));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const list = this.db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(...sortOrder(SORTS, q.sort, 'name', users.id))
      .$dynamic();
    const total = this.db.select({ n: count() }).from(users).where(where);
    return selectPage(list, total, q);
  }

  async detail(id: string) {
    const [row] = await this.db
      .select({
        ...listColumns,
        city: users.city,
        state: users.state,
        country: users.country,
        gender: users.gender,
        language: users.language,
        favouriteTeam: teams.name,
        activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${liveSession})`,
      })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.favouriteTeamId))
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  /** The user's roles and state, the row locked until the transaction ends. */
  async lockUser(id: string) {
    const [row] = await this.db
      .select({ id: users.id, roles: users.roles, active: users.active })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    return row ?? null;
  }

  /**
   * The ids of the active Admins, their rows locked: two Admins demoting or deactivating each other
   * at once wait for one another, and the second sees the first's change (the last-admin guard).
   */
  async lockActiveAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.active, true), hasRole('Admin')))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  async setRoles(id: string, roles: string[]): Promise<void> {
    await this.db.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async setActive(id: string, active: boolean): Promise<void> {
    await this.db.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
  }
}
