import { SignJWT, jwtVerify } from 'jose';
import type { LoginResponse, Tokens } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { AppError } from '#lib/app-error.ts';
import { randomToken, sha256 } from '#lib/crypto.ts';
import type { Principal } from '#plugins/access.ts';
import { AuthRepository } from './repository.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Absolute session lifetimes: 30 days with "remember me", 1 day without. */
const SESSION_SECONDS = { remember: 30 * 24 * 3600, plain: 24 * 3600 };
const ISSUER = 'manto';
const AUDIENCE = 'manto-api';
/** JOSE `typ` header that tells an access token apart from any other JWT we might sign later. */
const ACCESS_TYP = 'at+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export class SessionService {
  private readonly key: Uint8Array;
  private readonly repository: AuthRepository;

  /** Called when a rotated refresh token is replayed (logged as a security event). */
  onReuse?: (sessionId: string) => void;

  constructor(db: Db, secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.repository = new AuthRepository(db);
  }

  async signAccessToken(
    userId: string,
    sessionId: string,
    now = Date.now(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now / 1000);
    const exp = iat + ACCESS_TOKEN_SECONDS;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** Verifies with one pinned algorithm and every registered claim checked; null when anything is off. */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: ACCESS_TYP,
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  /** The signed-in user behind a verified access token, if the session and account are still live. */
  principal(claims: AccessClaims): Promise<Principal | null> {
    return this.repository.principal(claims.sessionId, claims.userId);
  }

  /** Issues a refresh token of the session and a fresh access token, through `repository` (maybe a transaction's). */
  private async tokensFor(repository: AuthRepository, userId: string, sessionId: string): Promise<Tokens> {
    const refreshToken = randomToken();
    await repository.insertRefreshToken(sessionId, sha256(refreshToken));
    const access = await this.signAccessToken(userId, sessionId);
    return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt.toISOString() };
  }

  /** Starts a new session (token family) and returns the flat login body. */
  async startSession(userId: string, rememberMe: boolean): Promise<LoginResponse> {
    const lifetime = rememberMe ? SESSION_SECONDS.remember : SESSION_SECONDS.plain;
    const sessionId = await this.repository.insertSession(userId, rememberMe, new Date(Date.now() + lifetime * 1000));
    const user = await this.repository.loginProfile(userId);
    const tokens = await this.tokensFor(this.repository, userId, sessionId);
    return { email: user.email, name: user.name, team: user.team ?? null, roles: user.roles, ...tokens };
  }

  /**
   * Rotates a refresh token. A token that was already used means it leaked (or a client raced):
   * the whole family is revoked and every token of it stops working.
   */
  async refresh(refreshToken: string): Promise<Tokens> {
    const invalid = new AppError(401, 'INVALID_REFRESH_TOKEN');
    const tokenHash = sha256(refreshToken);
    const outcome = await this.repository.transaction(async (tx) => {
      const row = await tx.refreshTokenForUpdate(tokenHash);
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || !row.active) return null;
      if (row.usedAt) return { reusedBy: row.sessionId };
      await tx.markRefreshTokenUsed(tokenHash);
      return { tokens: await this.tokensFor(tx, row.userId, row.sessionId) };
    });
    if (outcome && 'tokens' in outcome && outcome.tokens) return outcome.tokens;
    // Revoked outside the transaction above so the revocation is not rolled back with the failure.
    if (outcome) {
      await this.revokeSession(outcome.reusedBy, 'refresh_token_reuse');
      this.onReuse?.(outcome.reusedBy);
    }
    throw invalid;
  }

  revokeSession(sessionId: string, reason: string): Promise<void> {
    return this.repository.revokeSession(sessionId, reason);
  }

  /** Ends every session of a user (password reset, deactivation, role change), optionally but one. */
  revokeAllSessions(userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    return this.repository.revokeUserSessions(userId, reason, exceptSessionId);
  }
}
