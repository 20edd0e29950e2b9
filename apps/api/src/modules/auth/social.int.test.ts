import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let provider: OAuth2Server;
/** The identity the local OIDC provider puts in its next ID tokens. */
let identity: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, identity));
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'manto-google',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_ISSUER: provider.issuer.url!,
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** The social binding cookie a response sets, as `name=value` for a Cookie header. */
function bindingCookie(res: { headers: Record<string, unknown> }): string {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('manto_social='));
  if (!header) throw new Error('no social binding cookie was set');
  return String(header).split(';')[0]!;
}

/** Our start → the provider's authorize (it answers at once): the callback URL the provider sends the browser to. */
async function startAtProvider() {
  const start = await t.inject({ method: 'GET', url: '/api/auth/social/google/start?redirectTo=/auth/perfil' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location!);
  const res = await fetch(authorize, { redirect: 'manual' });
  return { authorize, cookie: bindingCookie(start), callback: new URL(res.headers.get('location')!) };
}

/** Opens a callback URL in a browser holding `cookie` (or none); returns where it lands in the SPA. */
async function openCallback(callback: URL, cookie: string | undefined) {
  const back = await t.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(back.statusCode).toBe(302);
  const spa = new URL(back.headers.location!);
  expect(`${spa.origin}${spa.pathname}`).toBe(`${PUBLIC_URL}/app/auth/social`);
  return { back, spa };
}

/** Runs the browser's part: our start → the provider's authorize → our callback → the SPA's exchange. */
async function signIn(tamper: (callback: URL) => void = () => {}) {
  const { authorize, cookie, callback } = await startAtProvider();
  tamper(callback);
  const { spa } = await openCallback(callback, cookie);
  return { authorize, spa };
}

describe('social sign-in (OIDC code + PKCE against a local provider)', () => {
  it('lists which providers are configured', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual([
      { id: 'google', available: true },
      { id: 'facebook', available: false },
      { id: 'apple', available: false },
    ]);
    const apple = await t.inject({ method: 'GET', url: '/api/auth/social/apple/start' });
    expect(apple.statusCode).toBe(404);
    expect(apple.json().code).toBe('PROVIDER_UNAVAILABLE');
  });

  it('sends PKCE S256, state and nonce, then signs a new verified user in through a one-time code', async () => {
    identity = { sub: 'google-123', email: 'Social.Fan@example.com', email_verified: true, name: 'Social Fan' };
    const { authorize, spa } = await signIn();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/social/google/callback`);
    expect(spa.searchParams.get('redirectTo')).toBe('/auth/perfil');
    const code = spa.searchParams.get('code')!;
    const login = await t.inject({ method: 'POST', url: '/api/auth/social/exchange', payload: { code } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: 'social.fan@example.com', name: 'Social Fan', roles: [] });
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: bearer(login.json().accessToken) });
    expect(me.json()).toMatchObject({ hasPassword: false });
    // The hand-off code works once.
    expect((await t.inject({ method: 'POST', url: '/api/auth/social/exchange', payload: { code } })).statusCode).toBe(
      400,
    );
    // Signing in again finds the same account by (provider, subject), even with another email.
    identity = { sub: 'google-123', email: 'changed@example.com', email_verified: true };
    const again = await signIn();
    const second = await t.inject({
      method: 'POST',
      url: '/api/auth/social/exchange',
      payload: { code: again.spa.searchParams.get('code') },
    });
    expect(second.json().email).toBe('social.fan@example.com');
  });

  it('links an existing account by email only when the provider says the email is verified', async () => {
    const user = await t.registerConfirmed();
    identity = { sub: 'google-unverified', email: user.email, email_verified: false };
    const refused = await signIn();
    expect(refused.spa.searchParams.get('error')).toBe('SOCIAL_LOGIN_FAILED');
    expect(refused.spa.searchParams.get('code')).toBeNull();

    identity = { sub: 'google-verified', email: user.email, email_verified: true };
    const linked = await signIn();
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/social/exchange',
      payload: { code: linked.spa.searchParams.get('code') },
    });
    expect(login.json()).toMatchObject({ email: user.email, name: user.name });
  });

  it('rejects a forged state and an ID token with the wrong nonce', async () => {
    identity = { sub: 'google-x', email: 'x@example.com', email_verified: true };
    const forged = await signIn((cb) => cb.searchParams.set('state', 'forged-state'));
    expect(forged.spa.searchParams.get('error')).toBe('SOCIAL_LOGIN_FAILED');
    identity = { sub: 'google-x', email: 'x@example.com', email_verified: true, nonce: 'attacker-nonce' };
    const nonce = await signIn();
    expect(nonce.spa.searchParams.get('error')).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('rejects an ID token meant for another client (audience)', async () => {
    identity = { sub: 'google-aud', email: 'aud@example.com', email_verified: true, aud: 'another-client' };
    const wrongAud = await signIn();
    expect(wrongAud.spa.searchParams.get('error')).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('accepts only same-site redirect targets', async () => {
    const evil = await t.inject({ method: 'GET', url: '/api/auth/social/google/start?redirectTo=//evil.example/x' });
    identity = { sub: 'google-r', email: 'r@example.com', email_verified: true };
    const res = await fetch(new URL(evil.headers.location!), { redirect: 'manual' });
    const { spa } = await openCallback(new URL(res.headers.get('location')!), bindingCookie(evil));
    expect(spa.searchParams.get('code')).toBeTruthy();
    expect(spa.searchParams.get('redirectTo')).toBe('/');
  });

  it('sets a short-lived HttpOnly SameSite=Lax cookie at the start and spends it at the callback', async () => {
    const start = await t.inject({ method: 'GET', url: '/api/auth/social/google/start' });
    expect(String(start.headers['set-cookie'])).toMatch(
      /^manto_social=[\w-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // The cookie is not the state: the state the provider sees is derived from it.
    expect(bindingCookie(start).split('=')[1]).not.toBe(new URL(start.headers.location!).searchParams.get('state'));
    identity = { sub: 'google-c', email: 'c@example.com', email_verified: true };
    const { cookie, callback } = await startAtProvider();
    const { back, spa } = await openCallback(callback, cookie);
    expect(spa.searchParams.get('code')).toBeTruthy();
    expect(String(back.headers['set-cookie'])).toMatch(/^manto_social=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });

  it('signs no one in from a callback URL started in another browser (login CSRF)', async () => {
    // The attacker starts a flow, signs in at the provider as themself, and keeps the callback URL.
    identity = { sub: 'google-attacker', email: 'attacker@example.com', email_verified: true };
    const attacker = await startAtProvider();
    const sessionsBefore = await t.count('sessions');
    const codesBefore = await t.count(`one_time_tokens where purpose = 'social_login'`);
    // The victim opens it: with no cookie, and with the cookie of a flow the victim started itself.
    const victimsOwn = await startAtProvider();
    for (const cookie of [undefined, victimsOwn.cookie]) {
      const { spa } = await openCallback(attacker.callback, cookie);
      expect(spa.searchParams.get('error')).toBe('SOCIAL_LOGIN_FAILED');
      expect(spa.searchParams.get('code')).toBeNull();
    }
    expect(await t.count('sessions')).toBe(sessionsBefore);
    expect(await t.count(`one_time_tokens where purpose = 'social_login'`)).toBe(codesBefore);
    // A cookie carrying the state itself (what the URL shows) is no binding either.
    const state = attacker.callback.searchParams.get('state')!;
    expect((await openCallback(attacker.callback, `manto_social=${state}`)).spa.searchParams.get('code')).toBeNull();
    // The browser that started the flow still completes it.
    const own = await openCallback(attacker.callback, attacker.cookie);
    expect(own.spa.searchParams.get('code')).toBeTruthy();
  });

  it('answers a form POST callback (Apple) with a 303 to the GET callback, which the browser’s Lax cookie reaches', async () => {
    identity = { sub: 'google-form', email: 'form@example.com', email_verified: true };
    const { cookie, callback } = await startAtProvider();
    const posted = await t.inject({
      method: 'POST',
      url: callback.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: callback.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(303);
    const next = new URL(posted.headers.location!);
    expect(`${next.origin}${next.pathname}`).toBe(`${PUBLIC_URL}${callback.pathname}`);
    expect(next.searchParams.get('state')).toBe(callback.searchParams.get('state'));
    const { spa } = await openCallback(next, cookie);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/social/exchange',
      payload: { code: spa.searchParams.get('code') },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().email).toBe('form@example.com');
  });
});
