import type { ManageUserDetail, ManageUserList, ManageUserQuery, Role } from '@manto/contracts';
import { ROLES } from '@manto/contracts';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { AppError, notFound } from '#lib/app-error.ts';
import { pageOf } from '#lib/paging.ts';
import type { AuthService, SessionService } from '#modules/auth/index.ts';
import { type UserDetailRow, type UserListRow, UsersRepository } from './repository.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toItem(row: UserListRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    active: row.active,
    createdAt: iso(row.createdAt)!,
    confirmedAt: iso(row.confirmedAt),
    lastSignInAt: iso(row.lastSignInAt),
  };
}

function toDetail(row: UserDetailRow): ManageUserDetail {
  return {
    ...toItem(row),
    city: row.city,
    state: row.state,
    country: row.country,
    gender: row.gender,
    favouriteTeam: row.favouriteTeam,
    language: row.language,
    activeSessions: Number(row.activeSessions),
  };
}

export interface UsersDeps {
  db: Db;
  auth: AuthService;
  sessions: SessionService;
  log: Logger;
}

/**
 * User management for Admins (issue 11): roles, deactivation and the confirmation mail. The access
 * plugin reads roles and `active` from the database on every request (`SessionService.principal`),
 * so each change here holds from the user's very next request, whatever tokens they hold.
 */
export class UsersService {
  private readonly repository: UsersRepository;

  constructor(private readonly d: UsersDeps) {
    this.repository = new UsersRepository(d.db);
  }

  async list(q: ManageUserQuery): Promise<ManageUserList> {
    return pageOf(q, await this.repository.list(q), toItem);
  }

  async detail(id: string): Promise<ManageUserDetail> {
    const row = await this.repository.detail(id);
    if (!row) throw notFound();
    return toDetail(row);
  }

  /** Replaces the role list. The last active Admin keeps the role (409 LAST_ADMIN). */
  async setRoles(id: string, roles: readonly Role[], actorId: string): Promise<ManageUserDetail> {
    // One of each, in the contracts' order: the stored list never depends on how the client wrote it.
    const wanted = ROLES.filter((role) => roles.includes(role));
    await this.repository.transaction(async (repository) => {
      const admins = await repository.lockActiveAdmins();
      const user = await repository.lockUser(id);
      if (!user) throw notFound();
      const losesAdmin = user.roles.includes('Admin') && !wanted.includes('Admin');
      if (losesAdmin && user.active && admins.length <= 1) throw new AppError(409, 'LAST_ADMIN');
      await repository.setRoles(id, wanted);
    });
    this.d.log.info({ event: 'user_roles_changed', userId: id, roles: wanted, by: actorId }, 'admin event');
    return this.detail(id);
  }

  /**
   * Deactivates or reactivates an account. Deactivation ends every session (and so every refresh
   * token of it) and, through `principal`, every access token at once. An Admin cannot deactivate
   * themself, and the last active Admin stays active.
   */
  async setActive(id: string, active: boolean, actorId: string): Promise<ManageUserDetail> {
    if (!active && id === actorId) throw new AppError(409, 'CANNOT_DEACTIVATE_SELF');
    await this.repository.transaction(async (repository) => {
      const admins = await repository.lockActiveAdmins();
      const user = await repository.lockUser(id);
      if (!user) throw notFound();
      if (!active && user.active && user.roles.includes('Admin') && admins.length <= 1)
        throw new AppError(409, 'LAST_ADMIN');
      await repository.setActive(id, active);
    });
    // After the commit: `active = false` already refuses every token; this records why each session ended.
    if (!active) await this.d.sessions.revokeAllSessions(id, 'deactivated');
    this.d.log.info(
      { event: active ? 'user_reactivated' : 'user_deactivated', userId: id, by: actorId },
      'admin event',
    );
    return this.detail(id);
  }

  /** A fresh confirmation link through the auth module's mail path (the outbox). */
  resendConfirmation(id: string): Promise<{ email: string }> {
    return this.d.auth.sendConfirmation(id);
  }
}
