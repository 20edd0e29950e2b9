import type { Language, LoginResponse, RegisterBody, ResetPasswordBody } from '@manto/contracts';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { AppError, fieldError, notFound, tooManyRequests } from '#lib/app-error.ts';
import { randomToken, sha256 } from '#lib/crypto.ts';
import { burnPasswordCheck, hashPassword, isStrongEnough, verifyPassword } from '#lib/passwords.ts';
import type { MailOutbox } from '#modules/mail/index.ts';
import type { Mail } from '#plugins/mailer.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { authMail } from './mail-templates.ts';
import { AuthRepository, type NewUser, type OneTimePurpose } from './repository.ts';
import type { SessionService } from './sessions.ts';

const LIFETIME_SECONDS: Record<OneTimePurpose, number> = {
  confirm_email: 24 * 3600,
  reset_password: 3600,
  social_login: 120,
};
/** The mails auth writes: the one-time token each carries and the web page its link opens. */
const MAIL_KINDS = {
  confirm: { purpose: 'confirm_email', path: '/auth/confirmar-email' },
  reset: { purpose: 'reset_password', path: '/auth/redefinir-senha' },
} as const satisfies Record<string, { purpose: OneTimePurpose; path: string }>;
export type AuthMailKind = keyof typeof MAIL_KINDS;
export const AUTH_MAIL_KINDS = Object.keys(MAIL_KINDS) as AuthMailKind[];
type MailUser = { id: string; email: string; name: string; language: string };

/** At most one mail of a kind per address per minute. */
const MAIL_INTERVAL_MS = 60_000;

export interface AuthDeps {
  db: Db;
  sessions: SessionService;
  /** Mails are written to the outbox in the transaction of the change they belong to (docs/security.md item 25). */
  outbox: MailOutbox;
  publicUrl: string;
  log: Logger;
  loginThrottle: LoginThrottle;
}

/** A session, and the device cookie value for the browser that started it (docs/security.md item 2). */
export interface SignedIn {
  session: LoginResponse;
  device: string;
}

export class AuthService {
  private readonly repository: AuthRepository;

  constructor(private readonly d: AuthDeps) {
    this.repository = new AuthRepository(d.db);
  }

  findUserByEmail(email: string) {
    return this.repository.userByEmail(email);
  }

  async teamIdBySlug(slug: string): Promise<string> {
    const id = await this.repository.teamIdBySlug(slug);
    if (!id) throw fieldError('favouriteTeam', 'invalidTeam');
    return id;
  }

  /** Issues a one-time token (≥128 bits, stored as SHA-256), invalidating earlier ones of the same purpose. */
  issueToken(userId: string, purpose: OneTimePurpose): Promise<string> {
    return this.issueTokenIn(this.repository, userId, purpose);
  }

  private async issueTokenIn(repository: AuthRepository, userId: string, purpose: OneTimePurpose): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + LIFETIME_SECONDS[purpose] * 1000);
    await repository.replaceOneTimeToken(userId, purpose, sha256(token), expiresAt);
    return token;
  }

  /** Marks a one-time token used and returns its user id; null when unknown, used, expired or not the user's. */
  consumeToken(token: string, purpose: OneTimePurpose, userId?: string): Promise<string | null> {
    return this.repository.consumeOneTimeToken(sha256(token), purpose, userId);
  }

  /** Creates an account that accepts the current terms; null when the email was taken meanwhile. */
  async createUser(values: Omit<NewUser, 'termsVersion' | 'termsAcceptedAt'>) {
    const termsVersion = await this.repository.currentTermsVersion();
    return this.repository.insertUser({ ...values, termsVersion, termsAcceptedAt: new Date() });
  }

  /** Confirms an active user's email; false when there is no such active user. */
  confirmUser(userId: string): Promise<boolean> {
    return this.repository.confirmEmail(userId);
  }

  private async recentlyMailed(repository: AuthRepository, userId: string, purpose: OneTimePurpose): Promise<boolean> {
    const last = await repository.lastOneTimeTokenAt(userId, purpose);
    return Boolean(last && Date.now() - last.getTime() < MAIL_INTERVAL_MS);
  }

  private link(path: string, params: Record<string, string>): string {
    return `${this.d.publicUrl}/app${path}?${new URLSearchParams(params).toString()}`;
  }

  /**
   * A fresh one-time link of `kind` for `user`, written with its mail into the outbox in `tx`: the
   * token and the mail exist together or not at all, and no SMTP work happens in the request.
   */
  private async writeMail(tx: Db, user: MailUser, kind: AuthMailKind): Promise<void> {
    const mail = await this.freshMail(tx, user, kind);
    await this.d.outbox.enqueue(tx, { kind, userId: user.id, ...mail });
  }

  /**
   * For the mail sender turning a resend or forgot-password request into a mail, in its transaction:
   * nothing for an unknown or inactive account, an already confirmed one (resend), or one mailed this
   * kind within the last minute; otherwise a fresh link. Requests are turned one at a time in the
   * order they were made, so the second of two quick ones sees the first one's token.
   */
  async mailForRequest(kind: AuthMailKind, email: string, tx: Db): Promise<{ userId: string; mail: Mail } | null> {
    const repository = AuthRepository.on(tx);
    const user = await repository.userByEmail(email);
    if (!user || !user.active || (kind === 'confirm' && user.confirmedAt)) return null;
    if (await this.recentlyMailed(repository, user.id, MAIL_KINDS[kind].purpose)) return null;
    return { userId: user.id, mail: await this.freshMail(tx, user, kind) };
  }

  /**
   * For an Admin requeueing a dead mail (the mail module calls it in its transaction): a fresh link
   * of the same kind, if the account still needs one; null otherwise.
   */
  async rebuildMail(kind: AuthMailKind, userId: string, tx: Db): Promise<Mail | null> {
    const user = await AuthRepository.on(tx).userById(userId);
    if (!user || !user.active || (kind === 'confirm' && user.confirmedAt)) return null;
    return this.freshMail(tx, user, kind);
  }

  /** A new token of the kind's purpose (earlier ones stop working) and the mail that carries its link. */
  private async freshMail(tx: Db, user: MailUser, kind: AuthMailKind): Promise<Mail> {
    const { purpose, path } = MAIL_KINDS[kind];
    const token = await this.issueTokenIn(AuthRepository.on(tx), user.id, purpose);
    return authMail(
      kind,
      user.language as Language,
      user.email,
      user.name,
      this.link(path, { userId: user.id, token }),
    );
  }

  /**
   * An Admin's "resend confirmation" (Sistema users): a fresh link written to the outbox at once, as
   * registration does. Unlike the public resend, the Admin learns the account's state: 404, 409 when
   * already confirmed or deactivated, 429 within a minute of the last link.
   */
  async sendConfirmation(userId: string): Promise<{ email: string }> {
    const user = await this.repository.transaction(async (repository, tx) => {
      const found = await repository.userById(userId);
      if (!found) throw notFound();
      if (found.confirmedAt) throw new AppError(409, 'ALREADY_CONFIRMED');
      if (!found.active) throw new AppError(409, 'ACCOUNT_INACTIVE');
      if (await this.recentlyMailed(repository, found.id, 'confirm_email'))
        throw tooManyRequests(MAIL_INTERVAL_MS / 1000);
      await this.writeMail(tx, found, 'confirm');
      return found;
    });
    this.d.outbox.wake();
    this.d.log.info({ event: 'confirmation_resent_by_admin', userId: user.id }, 'auth event');
    return { email: user.email };
  }

  async register(body: RegisterBody & { email: string }, language: Language): Promise<void> {
    if (!isStrongEnough(body.password)) throw fieldError('password', 'passwordTooWeak');
    const favouriteTeamId = await this.teamIdBySlug(body.favouriteTeam);
    if (await this.findUserByEmail(body.email)) throw new AppError(409, 'EMAIL_ALREADY_EXISTS');
    const passwordHash = await hashPassword(body.password);
    // The account, its confirmation token and its mail in one transaction: no account without its mail.
    const user = await this.repository.transaction(async (repository, tx) => {
      const termsVersion = await repository.currentTermsVersion();
      const created = await repository.insertUser({
        email: body.email,
        name: body.name,
        passwordHash,
        city: body.city,
        state: body.state,
        country: body.country,
        gender: body.gender,
        favouriteTeamId,
        language,
        termsVersion,
        termsAcceptedAt: new Date(),
      });
      // Two registrations raced for one email: the loser gets the same answer as a taken email.
      if (!created) throw new AppError(409, 'EMAIL_ALREADY_EXISTS');
      await this.writeMail(tx, created, 'confirm');
      return created;
    });
    this.d.outbox.wake();
    this.d.log.info({ event: 'register', userId: user.id }, 'auth event');
  }

  async confirmEmail(userId: string, token: string): Promise<SignedIn> {
    const owner = await this.consumeToken(token, 'confirm_email', userId);
    if (!owner) throw new AppError(400, 'INVALID_TOKEN');
    if (!(await this.confirmUser(owner))) throw new AppError(400, 'INVALID_TOKEN');
    this.d.log.info({ event: 'email_confirmed', userId: owner }, 'auth event');
    return { session: await this.d.sessions.startSession(owner, false), device: this.deviceCookie(owner) };
  }

  /** A browser that proved it holds the account (password, mailed link, social sign-in) becomes a known device. */
  deviceCookie(userId: string): string {
    return this.d.loginThrottle.deviceCookie(userId);
  }

  /**
   * Same answer, in the same time, whether or not the email exists, is confirmed, or was mailed a
   * minute ago: the request only writes itself down, one insert for every address; the mail sender
   * looks the account up later (`mailForRequest`; docs/security.md item 3).
   */
  resendConfirmation(email: string): Promise<void> {
    return this.d.outbox.request('confirm', email);
  }

  /** As resendConfirmation: the answer and its timing tell nothing about the account (docs/security.md item 3). */
  forgotPassword(email: string): Promise<void> {
    return this.d.outbox.request('reset', email);
  }

  /** Returns the device cookie value: the mailed link is the proof a locked-out owner can always give (ADR 0011). */
  async resetPassword(body: ResetPasswordBody): Promise<string> {
    if (!isStrongEnough(body.password)) throw fieldError('password', 'passwordTooWeak');
    const owner = await this.consumeToken(body.token, 'reset_password', body.userId);
    if (!owner) throw new AppError(400, 'INVALID_TOKEN');
    // The mailed link proves the address, so a reset also confirms it.
    await this.repository.resetPassword(owner, await hashPassword(body.password));
    await this.d.sessions.revokeAllSessions(owner, 'password_reset');
    this.d.log.info({ event: 'password_reset', userId: owner }, 'auth event');
    return this.deviceCookie(owner);
  }

  /** `device` is the browser's device cookie, if it sent one (docs/security.md item 2). */
  async login(input: {
    email: string;
    password: string;
    rememberMe: boolean;
    ip: string;
    device?: string;
  }): Promise<SignedIn> {
    const user = await this.findUserByEmail(input.email);
    const attempt = await this.d.loginThrottle.begin({
      email: input.email,
      ip: input.ip,
      userId: user?.id ?? null,
      device: input.device,
    });
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      // Already counted by begin(): a failure is an attempt that is never forgiven.
      this.d.log.info({ event: 'login_failed', userId: user?.id ?? null }, 'auth event');
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    await attempt.succeeded();
    // Only a caller who knows the password learns the account's state.
    if (!user.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
    if (!user.confirmedAt) throw new AppError(403, 'EMAIL_NOT_CONFIRMED');
    this.d.log.info({ event: 'login', userId: user.id }, 'auth event');
    return {
      session: await this.d.sessions.startSession(user.id, input.rememberMe),
      device: this.deviceCookie(user.id),
    };
  }
}
