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

/** Runs the browser's part: our start → the provider's authorize → our callback → the SPA's exchange. */
async function signIn(tamper: (callback: URL) => void = () => {}) {
  const start = await t.inject({ method: 'GET', url: '/api/auth/social/google/start?redirectTo=/auth/perfil' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location!);
  const res = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(res.headers.get('location')!);
  tamper(callback);
  const back = await t.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(back.statusCode).toBe(302);
  const spa = new URL(back.headers.location!);
  expect(`${spa.origin}${spa.pathname}`).toBe(`${PUBLIC_URL}/app/auth/social`);
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
    const cb = new URL(res.headers.get('location')!);
    const back = new URL((await t.inject({ method: 'GET', url: `${cb.pathname}${cb.search}` })).headers.location!);
    expect(back.searchParams.get('redirectTo')).toBe('/');
  });
});
