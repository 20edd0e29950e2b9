import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language, LoginResponse, RegisterBody, ResetPasswordBody } from '@manto/contracts';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { oneTimeTokens, teams, terms, users } from '#db/schema/index.ts';
import { AppError, fieldError } from '#lib/app-error.ts';
import { randomToken, sha256 } from '#lib/crypto.ts';
import { burnPasswordCheck, hashPassword, isStrongEnough, verifyPassword } from '#lib/passwords.ts';
import type { FailureThrottle } from '#lib/throttle.ts';
import type { Mailer } from '#plugins/mailer.ts';
import { authMail } from './mail-templates.ts';
import type { SessionService } from './sessions.ts';

type Purpose = 'confirm_email' | 'reset_password' | 'social_login';
const LIFETIME_SECONDS: Record<Purpose, number> = { confirm_email: 24 * 3600, reset_password: 3600, social_login: 120 };
/** At most one mail of a kind per address per minute. */
const MAIL_INTERVAL_MS = 60_000;

export interface AuthDeps {
  db: Db;
  sessions: SessionService;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  accountThrottle: FailureThrottle;
  ipThrottle: FailureThrottle;
}

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  async findUserByEmail(email: string) {
    const [user] = await this.d.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return user ?? null;
  }

  async teamIdBySlug(slug: string): Promise<string> {
    const [team] = await this.d.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)).limit(1);
    if (!team) throw fieldError('favouriteTeam', 'invalidTeam');
    return team.id;
  }

  /** Issues a one-time token (≥128 bits, stored as SHA-256), invalidating earlier ones of the same purpose. */
  async issueToken(userId: string, purpose: Purpose): Promise<string> {
    const token = randomToken();
    await this.d.db.transaction(async (tx) => {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
      await tx.insert(oneTimeTokens).values({
        userId,
        purpose,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + LIFETIME_SECONDS[purpose] * 1000),
      });
    });
    return token;
  }

  /** Marks a one-time token used and returns its user id; null when unknown, used, expired or not the user's. */
  async consumeToken(token: string, purpose: Purpose, userId?: string): Promise<string | null> {
    const conditions = [
      eq(oneTimeTokens.tokenHash, sha256(token)),
      eq(oneTimeTokens.purpose, purpose),
      isNull(oneTimeTokens.usedAt),
      gt(oneTimeTokens.expiresAt, sql`now()`),
    ];
    if (userId) conditions.push(eq(oneTimeTokens.userId, userId));
    const [row] = await this.d.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(...conditions))
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId ?? null;
  }

  private async recentlyMailed(userId: string, purpose: Purpose): Promise<boolean> {
    const [last] = await this.d.db
      .select({ createdAt: oneTimeTokens.createdAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1);
    return Boolean(last && Date.now() - last.createdAt.getTime() < MAIL_INTERVAL_MS);
  }

  private link(path: string, params: Record<string, string>): string {
    return `${this.d.publicUrl}/app${path}?${new URLSearchParams(params).toString()}`;
  }

  private async sendConfirmation(user: { id: string; email: string; name: string; language: string }) {
    const token = await this.issueToken(user.id, 'confirm_email');
    const link = this.link('/auth/confirmar-email', { userId: user.id, token });
    await this.d.mailer.send(authMail('confirm', user.language as Language, user.email, user.name, link));
  }

  async register(body: RegisterBody & { email: string }, language: Language): Promise<void> {
    if (!isStrongEnough(body.password)) throw fieldError('password', 'passwordTooWeak');
    const favouriteTeamId = await this.teamIdBySlug(body.favouriteTeam);
    if (await this.findUserByEmail(body.email)) throw new AppError(409, 'EMAIL_ALREADY_EXISTS');
    const [current] = await this.d.db
      .select({ version: terms.version })
      .from(terms)
      .where(sql`${terms.publishedAt} is not null`)
      .orderBy(desc(terms.version))
      .limit(1);
    const passwordHash = await hashPassword(body.password);
    const inserted = await this.d.db
      .insert(users)
      .values({
        email: body.email,
        name: body.name,
        passwordHash,
        city: body.city,
        state: body.state,
        country: body.country,
        gender: body.gender,
        favouriteTeamId,
        language,
        termsVersion: current?.version ?? null,
        termsAcceptedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    const user = inserted[0];
    // Two registrations raced for one email: the loser gets the same answer as a taken email.
    if (!user) throw new AppError(409, 'EMAIL_ALREADY_EXISTS');
    this.d.log.info({ event: 'register', userId: user.id }, 'auth event');
    await this.sendConfirmation(user);
  }

  async confirmEmail(userId: string, token: string): Promise<LoginResponse> {
    const owner = await this.consumeToken(token, 'confirm_email', userId);
    if (!owner) throw new AppError(400, 'INVALID_TOKEN');
    const [user] = await this.d.db
      .update(users)
      .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, owner), eq(users.active, true)))
      .returning({ id: users.id });
    if (!user) throw new AppError(400, 'INVALID_TOKEN');
    this.d.log.info({ event: 'email_confirmed', userId: user.id }, 'auth event');
    return this.d.sessions.startSession(user.id, false);
  }

  /** Same answer whether or not the email exists, is confirmed, or was mailed a minute ago. */
  async resendConfirmation(email: string): Promise<void> {
    const user = await this.findUserByEmail(email);
    if (!user || user.confirmedAt || !user.active || (await this.recentlyMailed(user.id, 'confirm_email'))) return;
    await this.sendConfirmation(user);
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await this.findUserByEmail(email);
    if (!user || !user.active || (await this.recentlyMailed(user.id, 'reset_password'))) return;
    const token = await this.issueToken(user.id, 'reset_password');
    const link = this.link('/auth/redefinir-senha', { userId: user.id, token });
    await this.d.mailer.send(authMail('reset', user.language as Language, user.email, user.name, link));
  }

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    if (!isStrongEnough(body.password)) throw fieldError('password', 'passwordTooWeak');
    const owner = await this.consumeToken(body.token, 'reset_password', body.userId);
    if (!owner) throw new AppError(400, 'INVALID_TOKEN');
    // The mailed link proves the address, so a reset also confirms it.
    await this.d.db
      .update(users)
      .set({
        passwordHash: await hashPassword(body.password),
        confirmedAt: sql`coalesce(${users.confirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, owner));
    await this.d.sessions.revokeAllSessions(owner, 'password_reset');
    this.d.log.info({ event: 'password_reset', userId: owner }, 'auth event');
  }

  async login(email: string, password: string, rememberMe: boolean, ip: string): Promise<LoginResponse> {
    const accountKey = `account:${email}`;
    const ipKey = `ip:${ip}`;
    const wait = Math.max(this.d.accountThrottle.waitSeconds(accountKey), this.d.ipThrottle.waitSeconds(ipKey));
    if (wait > 0) throw new AppError(429, 'TOO_MANY_REQUESTS', { seconds: wait });

    const user = await this.findUserByEmail(email);
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : (await burnPasswordCheck(password), false);
    if (!user || !ok) {
      this.d.accountThrottle.fail(accountKey);
      this.d.ipThrottle.fail(ipKey);
      this.d.log.info({ event: 'login_failed', userId: user?.id ?? null }, 'auth event');
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    // Only a caller who knows the password learns the account's state.
    if (!user.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
    if (!user.confirmedAt) throw new AppError(403, 'EMAIL_NOT_CONFIRMED');
    this.d.accountThrottle.reset(accountKey);
    this.d.log.info({ event: 'login', userId: user.id }, 'auth event');
    return this.d.sessions.startSession(user.id, rememberMe);
  }
}
