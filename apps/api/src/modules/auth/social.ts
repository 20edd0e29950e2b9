import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SocialProvider } from '@manto/contracts';
import type { Logger } from 'pino';
import type { SocialProviderConfig } from '#config.ts';
import type { Db } from '#db/client.ts';
import { AppError } from '#lib/app-error.ts';
import { randomToken, sha256 } from '#lib/crypto.ts';
import { AuthRepository } from './repository.ts';
import type { AuthService } from './service.ts';

interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: JWTVerifyGetKey;
  fetchedAt: number;
}

const STATE_SECONDS = 600;
const DISCOVERY_TTL_MS = 3_600_000;
const HTTP_TIMEOUT_MS = 5_000;
/** Apple returns the code by form POST when a name or email scope is asked for. */
const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
  apple: 'openid email name',
};

const failed = () => new AppError(400, 'SOCIAL_LOGIN_FAILED');

/**
 * Social sign-in as OpenID Connect: authorization code + PKCE S256 + state + nonce, the ID token
 * verified against the provider's JWKS with exact issuer and audience. Users are keyed by
 * (provider, subject); an existing account is linked by email only when the provider says the
 * email is verified.
 */
export class SocialSignIn {
  private readonly discovery = new Map<SocialProvider, Discovery>();
  private readonly repository: AuthRepository;
  private readonly stateKey: Buffer;

  constructor(
    private readonly d: {
      db: Db;
      auth: AuthService;
      providers: Record<SocialProvider, SocialProviderConfig>;
      publicUrl: string;
      /** The app secret: the state is an HMAC of the browser's binding value under a key derived from it. */
      secret: string;
      log: Logger;
    },
  ) {
    this.repository = new AuthRepository(d.db);
    this.stateKey = createHmac('sha256', d.secret).update('manto social state v1').digest();
  }

  /** The state sent to the provider for a browser holding `binding` in its cookie (docs/security.md item 8). */
  private stateFor(binding: string): string {
    return createHmac('sha256', this.stateKey).update(binding).digest('base64url');
  }

  /** Whether the callback's state belongs to the browser that brought `binding` (constant time). */
  private boundTo(state: string, binding: string | undefined): boolean {
    if (!binding) return false;
    const expected = Buffer.from(this.stateFor(binding));
    const given = Buffer.from(state);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  available(provider: SocialProvider): boolean {
    return this.d.providers[provider] !== null;
  }

  private config(provider: SocialProvider) {
    const config = this.d.providers[provider];
    if (!config) throw new AppError(404, 'PROVIDER_UNAVAILABLE');
    return config;
  }

  callbackUrl(provider: SocialProvider): string {
    return `${this.d.publicUrl}/api/auth/social/${provider}/callback`;
  }

  private async discover(provider: SocialProvider): Promise<Discovery> {
    const cached = this.discovery.get(provider);
    if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
    const { issuer } = this.config(provider);
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`discovery failed for ${provider}: ${res.status}`);
    const doc = (await res.json()) as Record<string, string>;
    if (doc.issuer?.replace(/\/$/, '') !== issuer) throw new Error(`issuer mismatch for ${provider}`);
    const found: Discovery = {
      issuer: doc.issuer,
      authorizationEndpoint: doc.authorization_endpoint!,
      tokenEndpoint: doc.token_endpoint!,
      jwks: createRemoteJWKSet(new URL(doc.jwks_uri!)),
      fetchedAt: Date.now(),
    };
    this.discovery.set(provider, found);
    return found;
  }

  /**
   * Where to send the browser to start signing in, and the binding value the browser must keep (in a
   * short-lived cookie) and bring back to the callback: the state is derived from it, so a callback
   * URL started by someone else fails in any other browser (login CSRF; docs/security.md item 8).
   */
  async authorizationUrl(provider: SocialProvider, redirectTo: string): Promise<{ url: string; binding: string }> {
    const config = this.config(provider);
    let endpoint: Discovery;
    try {
      endpoint = await this.discover(provider);
    } catch (err) {
      this.d.log.warn({ err, provider }, 'social provider discovery failed');
      throw new AppError(503, 'PROVIDER_UNAVAILABLE');
    }
    const binding = randomToken();
    const state = this.stateFor(binding);
    const codeVerifier = randomToken();
    const nonce = randomToken();
    await this.repository.saveSocialState({
      stateHash: sha256(state),
      provider,
      codeVerifier,
      nonce,
      redirectTo,
      expiresAt: new Date(Date.now() + STATE_SECONDS * 1000),
    });
    const url = new URL(endpoint.authorizationEndpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: this.callbackUrl(provider),
      scope: SCOPES[provider],
      state,
      nonce,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(provider === 'apple' ? { response_mode: 'form_post' } : {}),
    }).toString();
    return { url: url.toString(), binding };
  }

  /**
   * Completes the provider's callback; returns a short-lived one-time code for the SPA and where to go.
   * `binding` is the value from the browser's cookie: without the one the flow started with, nothing
   * is looked up and nobody is signed in.
   */
  async complete(
    provider: SocialProvider,
    code: string,
    state: string,
    binding: string | undefined,
  ): Promise<{ code: string; redirectTo: string }> {
    const config = this.config(provider);
    if (!this.boundTo(state, binding)) {
      this.d.log.warn({ provider }, 'social callback without the browser binding of its state');
      throw failed();
    }
    const pending = await this.repository.takeSocialState(sha256(state), provider);
    if (!pending) throw failed();
    const endpoint = await this.discover(provider);
    const res = await fetch(endpoint.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.callbackUrl(provider),
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code_verifier: pending.codeVerifier,
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!res.ok) {
      this.d.log.warn({ provider, status: res.status }, 'social token exchange failed');
      throw failed();
    }
    const { id_token: idToken } = (await res.json()) as { id_token?: string };
    if (!idToken) throw failed();
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(idToken, endpoint.jwks, {
        issuer: endpoint.issuer,
        audience: config.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      this.d.log.warn({ err, provider }, 'social id token rejected');
      throw failed();
    }
    if (claims.nonce !== pending.nonce || typeof claims.sub !== 'string') throw failed();
    const userId = await this.userFor(
      provider,
      claims as { sub: string; email?: unknown; email_verified?: unknown; name?: unknown },
    );
    this.d.log.info({ event: 'social_login', provider, userId }, 'auth event');
    return { code: await this.d.auth.issueToken(userId, 'social_login'), redirectTo: pending.redirectTo };
  }

  private async userFor(
    provider: SocialProvider,
    claims: { sub: string; email?: unknown; email_verified?: unknown; name?: unknown },
  ): Promise<string> {
    const identity = await this.repository.identityUser(provider, claims.sub);
    if (identity) {
      if (!identity.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
      return identity.userId;
    }
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified) throw failed();
    let user = await this.d.auth.findUserByEmail(email);
    if (user && !user.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
    if (!user) {
      const name =
        typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!;
      user = await this.d.auth.createUser({ email, name, confirmedAt: new Date() });
      // Another sign-in created the account in the meantime.
      if (!user) throw failed();
    } else if (!user.confirmedAt) {
      await this.d.auth.confirmUser(user.id);
    }
    await this.repository.linkIdentity({ provider, subject: claims.sub, userId: user.id, email });
    return user.id;
  }

  async exchange(code: string) {
    const userId = await this.d.auth.consumeToken(code, 'social_login');
    if (!userId) throw new AppError(400, 'INVALID_TOKEN');
    return userId;
  }
}
