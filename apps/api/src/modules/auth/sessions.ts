import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { LoginResponse, Tokens } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { refreshTokens, sessions, teams, users } from '#db/schema/index.ts';
import { AppError } from '#lib/app-error.ts';
import { randomToken, sha256 } from '#lib/crypto.ts';

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

  /** Called when a rotated refresh token is replayed (logged as a security event). */
  onReuse?: (sessionId: string) => void;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
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
  async principal(claims: AccessClaims) {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  private async issueRefreshToken(db: Db, sessionId: string): Promise<string> {
    const token = randomToken();
    await db.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId });
    return token;
  }

  private async tokensFor(db: Db, userId: string, sessionId: string): Promise<Tokens> {
    const refreshToken = await this.issueRefreshToken(db, sessionId);
    const access = await this.signAccessToken(userId, sessionId);
    return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt.toISOString() };
  }

  /** Starts a new session (token family) and returns the flat login body. */
  async startSession(userId: string, rememberMe: boolean): Promise<LoginResponse> {
    const lifetime = rememberMe ? SESSION_SECONDS.remember : SESSION_SECONDS.plain;
    const [session] = await this.db
      .insert(sessions)
      .values({ userId, rememberMe, expiresAt: new Date(Date.now() + lifetime * 1000) })
      .returning({ id: sessions.id });
    const [user] = await this.db
      .select({ email: users.email, name: users.name, roles: users.roles, team: teams.name })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.favouriteTeamId))
      .where(eq(users.id, userId));
    const tokens = await this.tokensFor(this.db, userId, session!.id);
    return { email: user!.email, name: user!.name, team: user!.team ?? null, roles: user!.roles, ...tokens };
  }

  /**
   * Rotates a refresh token. A token that was already used means it leaked (or a client raced):
   * the whole family is revoked and every token of it stops working.
   */
  async refresh(refreshToken: string): Promise<Tokens> {
    const invalid = new AppError(401, 'INVALID_REFRESH_TOKEN');
    const tokenHash = sha256(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
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
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || !row.active) return null;
      if (row.usedAt) return { reusedBy: row.sessionId };
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.tokenHash, tokenHash));
      return { tokens: await this.tokensFor(tx as unknown as Db, row.userId, row.sessionId) };
    });
    if (outcome && 'tokens' in outcome && outcome.tokens) return outcome.tokens;
    // Revoked outside the transaction above so the revocation is not rolled back with the failure.
    if (outcome) {
      await this.revokeSession(outcome.reusedBy, 'refresh_token_reuse');
      this.onReuse?.(outcome.reusedBy);
    }
    throw invalid;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user (password reset, deactivation, role change), optionally but one. */
  async revokeAllSessions(userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conditions));
  }
}
