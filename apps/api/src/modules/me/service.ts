import type { ChangePasswordBody, Profile, UpdateProfileBody } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { hashPassword, isStrongEnough, verifyPassword } from '#lib/passwords.ts';
import type { AuthService, SessionService } from '#modules/auth/index.ts';
import { MeRepository } from './repository.ts';

/** The signed-in user's own profile and password. */
export class MeService {
  private readonly repository: MeRepository;

  constructor(
    db: Db,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {
    this.repository = new MeRepository(db);
  }

  async profile(userId: string): Promise<Profile> {
    const row = await this.repository.profile(userId);
    if (!row) throw notFound();
    const u = row.user;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      city: u.city,
      state: u.state,
      country: u.country,
      gender: u.gender as Profile['gender'],
      favouriteTeam: row.teamSlug ? { slug: row.teamSlug, name: row.teamName! } : null,
      language: u.language === 'en' ? 'en' : 'pt',
      roles: u.roles,
      hasPassword: u.passwordHash !== null,
      createdAt: u.createdAt.toISOString(),
    };
  }

  async updateProfile(userId: string, body: UpdateProfileBody): Promise<Profile> {
    const { favouriteTeam, ...fields } = body;
    const favouriteTeamId = favouriteTeam === undefined ? undefined : await this.auth.teamIdBySlug(favouriteTeam);
    await this.repository.updateProfile(userId, { ...fields, ...(favouriteTeamId ? { favouriteTeamId } : {}) });
    return this.profile(userId);
  }

  /** Other devices are signed out; the session that changed the password keeps going. */
  async changePassword(me: { id: string; sessionId: string }, body: ChangePasswordBody): Promise<void> {
    const current = await this.repository.passwordHash(me.id);
    if (!current) throw new AppError(400, 'NO_PASSWORD');
    if (!(await verifyPassword(current, body.currentPassword))) {
      throw new AppError(400, 'WRONG_PASSWORD', {}, { currentPassword: 'WRONG_PASSWORD' });
    }
    if (!isStrongEnough(body.password)) throw fieldError('password', 'passwordTooWeak');
    await this.repository.setPasswordHash(me.id, await hashPassword(body.password));
    await this.sessions.revokeAllSessions(me.id, 'password_changed', me.sessionId);
  }
}
