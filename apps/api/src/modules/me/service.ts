import {
  type ChangePasswordBody,
  type DeleteAccountBody,
  type MyDataExport,
  type Profile,
  RECENT_SIGN_IN_MINUTES,
  type UpdateProfileBody,
} from '@manto/contracts';
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
      termsVersion: u.termsVersion,
      termsPending: row.termsPending,
      segmentOptOut: u.segmentOptOut,
    };
  }

  /** Everything kept about the member, for them to download (docs/security.md item 27). */
  async export(userId: string): Promise<MyDataExport> {
    const [profile, feedbacks, votes, notifications, collection, visibility] = await Promise.all([
      this.profile(userId),
      this.repository.feedbacksOf(userId),
      this.repository.votesOf(userId),
      this.repository.notificationsOf(userId),
      this.repository.collectionOf(userId),
      this.repository.collectionVisibility(userId),
    ]);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      exportedAt: new Date().toISOString(),
      profile,
      feedbacks: feedbacks.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      votes: votes.map((v) => ({
        answeredAt: new Date(v.answeredAt).toISOString(),
        scope: v.scope,
        left: v.left,
        right: v.right,
        outcome: v.outcome,
        skipReason: v.skipReason,
        counted: v.valid && v.outcome !== 'skip',
      })),
      follows: notifications.followed.map((f) => ({ kind: f.kind, id: f.targetId, since: f.createdAt.toISOString() })),
      notifications: notifications.told.map((n) => ({
        kind: n.kind,
        createdAt: n.createdAt.toISOString(),
        readAt: iso(n.readAt),
        mailedAt: iso(n.mailedAt),
        hidden: n.hidden,
        data: n.data,
      })),
      emailTopics: notifications.emailTopics,
      collection: {
        ...visibility,
        entries: collection.map(({ createdAt, updatedAt, ...c }) => ({
          ...c,
          addedAt: createdAt.toISOString(),
          updatedAt: updatedAt.toISOString(),
        })),
      },
    };
  }

  /** Records that the member accepted `version`, which must be the current one (they read that text). */
  async acceptTerms(userId: string, version: number): Promise<Profile> {
    const accepted = await this.repository.acceptTerms(userId, version);
    if (!accepted) throw new AppError(409, 'TERMS_OUTDATED');
    return this.profile(userId);
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

  /**
   * Deletes the member's own account after they prove it is them: the current password, or for an account
   * without one (social sign-in only), a sign-in in the last RECENT_SIGN_IN_MINUTES (docs/security.md item 28).
   */
  async deleteAccount(me: { id: string; sessionId: string }, body: DeleteAccountBody, now = Date.now()): Promise<void> {
    const hash = await this.repository.passwordHash(me.id);
    if (hash) {
      if (!body.password || !(await verifyPassword(hash, body.password)))
        throw new AppError(400, 'WRONG_PASSWORD', {}, { password: 'WRONG_PASSWORD' });
    } else {
      const signedInAt = await this.repository.sessionStartedAt(me.sessionId, me.id);
      if (!signedInAt || now - signedInAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000)
        throw new AppError(403, 'RECENT_SIGN_IN_REQUIRED');
    }
    await this.repository.deleteAccount(me.id);
  }
}
