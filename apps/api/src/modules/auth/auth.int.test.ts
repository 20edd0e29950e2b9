import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '#db/schema/index.ts';
import { linkIn } from '#test/mail-capture.ts';
import { PASSWORD, PUBLIC_URL, type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('register', () => {
  it('creates an unconfirmed account, records the terms version and mails a confirmation link built from PUBLIC_URL', async () => {
    const body = t.registration();
    const res = await post(
      '/api/auth/register',
      body,
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      '10.1.0.1',
    );
    expect(res.statusCode).toBe(201);
    const mail = await t.mail.waitFor(body.email);
    const link = linkIn(mail, '/app/auth/confirmar-email');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('userId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43); // 256 bits base64url
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.confirmedAt).toBeNull();
    expect(user!.termsVersion).toBe(1);
    expect(user!.termsAcceptedAt).not.toBeNull();
    // Argon2id; at the test cost here (PASSWORD_HASHING=test): lib/lib.test.ts checks the production one.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    // The token is stored hashed, never as sent.
    const tokens = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(tokens.map((r) => r.tokenHash)).not.toContain(link.searchParams.get('token'));
  });

  it('answers a taken email (any case) with the localised "email already exists" message', async () => {
    const body = t.registration();
    await post('/api/auth/register', body, {}, '10.1.0.2');
    const again = await post(
      '/api/auth/register',
      { ...body, email: body.email.toUpperCase() },
      { 'accept-language': 'pt-BR' },
      '10.1.0.2',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS', message: 'Este e-mail já está cadastrado.' });
    const en = await post('/api/auth/register', body, { 'accept-language': 'en-US,en;q=0.9' }, '10.1.0.2');
    expect(en.json().message).toBe('This email is already registered.');
  });

  it('rejects bad fields with a localised message per field and stores nothing', async () => {
    const before = await t.count('users');
    const res = await post(
      '/api/auth/register',
      {
        ...t.registration(),
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'other',
        acceptTerms: false,
        city: '',
      },
      {},
      '10.1.0.3',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        email: 'Formato de e-mail inválido.',
        password: expect.stringContaining('Senha muito fraca'),
        confirmPassword: 'As senhas não coincidem.',
        acceptTerms: 'Você precisa aceitar os termos de uso.',
        city: 'Campo obrigatório.',
      },
    });
    expect(await t.count('users')).toBe(before);
  });

  it('rejects common passwords and unknown favourite teams', async () => {
    const weak = await post(
      '/api/auth/register',
      t.registration({ password: 'password123', confirmPassword: 'password123' }),
      { 'accept-language': 'en' },
      '10.1.0.4',
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.password).toMatch(/^Password too weak/);
    const team = await post('/api/auth/register', t.registration({ favouriteTeam: 'no-such-team' }), {}, '10.1.0.4');
    expect(team.statusCode).toBe(400);
    expect(team.json().details.favouriteTeam).toBe('Time inválido.');
  });

  it('accepts long Unicode passphrases without truncating them', async () => {
    const passphrase = 'camisa ' + 'ção'.repeat(40); // 127 code points
    const user = await t.registerConfirmed({ password: passphrase, confirmPassword: passphrase });
    const truncated = await post('/api/auth/login', { email: user.email, password: passphrase.slice(0, 72) });
    expect(truncated.statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: passphrase })).statusCode).toBe(200);
  });

  it('refuses roles or other unknown fields (no mass assignment)', async () => {
    const res = await post('/api/auth/register', { ...t.registration(), roles: ['Admin'] }, {}, '10.1.0.5');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.roles).toBe('Campo não permitido.');
  });

  it('is rate-limited per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await post('/api/auth/register', t.registration(), {}, '10.1.99.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('confirm email', () => {
  it('signs the user in with the flat login body, and the link works once', async () => {
    const body = t.registration();
    await post('/api/auth/register', body, {}, '10.2.0.1');
    const link = linkIn(await t.mail.waitFor(body.email), '/app/auth/confirmar-email');
    const res = await t.inject({ method: 'GET', url: `/api/auth/confirm-email${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const login = res.json();
    expect(Object.keys(login).sort()).toEqual([
      'accessToken',
      'email',
      'expiresAt',
      'name',
      'refreshToken',
      'roles',
      'team',
    ]);
    expect(login).toMatchObject({ email: body.email, name: body.name, team: 'Grêmio', roles: [] });
    expect(new Date(login.expiresAt).toISOString()).toBe(login.expiresAt);
    const again = await t.inject({ method: 'GET', url: `/api/auth/confirm-email${link.search}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('rejects a token for another user, a forged token and an expired one', async () => {
    const a = t.registration();
    await post('/api/auth/register', a, {}, '10.2.0.2');
    const link = linkIn(await t.mail.waitFor(a.email), '/app/auth/confirmar-email');
    const other = await t.registerConfirmed();
    const wrongUser = await t.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?userId=${other.userId}&token=${link.searchParams.get('token')}`,
    });
    expect(wrongUser.statusCode).toBe(400);
    const forged = await t.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?userId=${link.searchParams.get('userId')}&token=${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, link.searchParams.get('userId')!));
    const expired = await t.inject({ method: 'GET', url: `/api/auth/confirm-email${link.search}` });
    expect(expired.statusCode).toBe(400);
    const malformed = await t.inject({ method: 'GET', url: '/api/auth/confirm-email?userId=nope&token=x' });
    expect(malformed.statusCode).toBe(400);
  });

  it('resend answers the same for unknown, confirmed and unconfirmed emails, and a new link invalidates the old one', async () => {
    const body = t.registration();
    await post('/api/auth/register', body, {}, '10.2.0.3');
    const first = linkIn(await t.mail.waitFor(body.email), '/app/auth/confirmar-email');
    const confirmed = await t.registerConfirmed();
    const answers = [];
    for (const email of ['nobody@example.com', confirmed.email]) {
      answers.push(await post('/api/auth/resend-confirmation', { email }, {}, '10.2.0.4'));
    }
    // Within 60 s of the first mail, nothing new is sent — but the answer is the same.
    answers.push(await post('/api/auth/resend-confirmation', { email: body.email }, {}, '10.2.0.4'));
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(t.mail.to(body.email)).toHaveLength(1);
    expect(t.mail.to(confirmed.email)).toHaveLength(1);

    // A minute later a new link is mailed and the first stops working.
    const userId = first.searchParams.get('userId')!;
    await t.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(and(eq(oneTimeTokens.userId, userId)));
    await post('/api/auth/resend-confirmation', { email: body.email }, {}, '10.2.0.4');
    const second = linkIn(await t.mail.waitFor(body.email, 2), '/app/auth/confirmar-email');
    expect((await t.inject({ method: 'GET', url: `/api/auth/confirm-email${first.search}` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/api/auth/confirm-email${second.search}` })).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('returns the flat body with an access token expiring in 15 minutes', async () => {
    const user = await t.registerConfirmed();
    const sent = Date.now();
    const res = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: PASSWORD,
      rememberMe: true,
    });
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: user.email, roles: [], team: 'Grêmio' });
    // 15 minutes from the moment it was signed (whole seconds), which lies between sending and answering.
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(sent / 1000) * 1000 + 15 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(answered + 15 * 60_000);
  });

  it('tells an unconfirmed account to confirm its email, but only to someone who knows the password', async () => {
    const body = t.registration();
    await post('/api/auth/register', body, {}, '10.3.0.1');
    const right = await post(
      '/api/auth/login',
      { email: body.email, password: body.password },
      { 'accept-language': 'en' },
    );
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: expect.stringContaining('Confirm your email'),
    });
    const wrong = await post('/api/auth/login', { email: body.email, password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown email identically (no enumeration)', async () => {
    const user = await t.registerConfirmed();
    const a = await post('/api/auth/login', { email: user.email, password: 'not-the-password' }, {}, '10.3.1.1');
    const b = await post(
      '/api/auth/login',
      { email: 'ghost@example.com', password: 'not-the-password' },
      {},
      '10.3.1.2',
    );
    expect(a.statusCode).toBe(401);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toBe('E-mail ou senha inválidos.');
  });

  it('throttles repeated failures on one account with an escalating delay, across IPs', async () => {
    const user = await t.registerConfirmed();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await post('/api/auth/login', { email: user.email, password: `wrong-${i}-xx` }, {}, `10.3.2.${i}`)).statusCode,
      );
    // 10 free failures per account for browsers it has never signed in from (ADR 0011; login-throttle.int.test.ts).
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    const blocked = await post(
      '/api/auth/login',
      { email: user.email, password: PASSWORD },
      { 'accept-language': 'en' },
      '10.3.2.9',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts\. Wait (1 second|([2-9]|\d\d+) seconds) and try again\./);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rejects non-JSON bodies with 415 and oversized bodies with 413', async () => {
    const text = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const form = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const big = await post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use; replaying a rotated token revokes the whole family (rotate 3×, replay the first: all 4 rejected)', async () => {
    const user = await t.registerConfirmed();
    const chain = [user.refreshToken];
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/refresh', { refreshToken: chain.at(-1) });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'expiresAt', 'refreshToken']);
      chain.push(res.json().refreshToken);
    }
    expect(new Set(chain).size).toBe(4);
    const replay = await post('/api/auth/refresh', { refreshToken: chain[0] });
    expect(replay.statusCode).toBe(401);
    for (const token of chain) expect((await post('/api/auth/refresh', { refreshToken: token })).statusCode).toBe(401);
    // The family's access tokens stop working too.
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(user.accessToken) })).statusCode).toBe(401);
  });

  it('rejects unknown tokens', async () => {
    const res = await post('/api/auth/refresh', { refreshToken: 'made-up-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('logout revokes the session: its refresh and access tokens stop working, other sessions stay', async () => {
    const user = await t.registerConfirmed();
    const other = (await post('/api/auth/login', { email: user.email, password: PASSWORD })).json();
    const out = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.accessToken) });
    expect(out.statusCode).toBe(204);
    expect((await post('/api/auth/refresh', { refreshToken: user.refreshToken })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(user.accessToken) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(other.accessToken) })).statusCode).toBe(
      200,
    );
  });

  it('deactivating an account ends its sessions at once', async () => {
    const user = await t.registerConfirmed();
    await t.setUser(user.userId, { active: false });
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(user.accessToken) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: user.refreshToken })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails and mails only the known one', async () => {
    const user = await t.registerConfirmed();
    const known = await post('/api/auth/forgot-password', { email: user.email }, {}, '10.4.0.1');
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' }, {}, '10.4.0.1');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const link = linkIn(await t.mail.waitFor(user.email, 2), '/app/auth/redefinir-senha');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(t.mail.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('resets once, ends every session, and the new password works', async () => {
    const user = await t.registerConfirmed();
    await post('/api/auth/forgot-password', { email: user.email }, {}, '10.4.0.2');
    const link = linkIn(await t.mail.waitFor(user.email, 2), '/app/auth/redefinir-senha');
    const payload = {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'nova-senha-2026',
      confirmPassword: 'nova-senha-2026',
    };
    const res = await post('/api/auth/reset-password', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Senha redefinida');
    expect((await post('/api/auth/reset-password', payload)).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', { refreshToken: user.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'nova-senha-2026' })).statusCode).toBe(200);
  });

  it('rejects expired reset links and weak new passwords', async () => {
    const user = await t.registerConfirmed();
    await post('/api/auth/forgot-password', { email: user.email }, {}, '10.4.0.3');
    const link = linkIn(await t.mail.waitFor(user.email, 2), '/app/auth/redefinir-senha');
    const base = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
    const weak = await post('/api/auth/reset-password', { ...base, password: '12345678', confirmPassword: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.password).toContain('Senha muito fraca');
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.userId, user.userId));
    const expired = await post('/api/auth/reset-password', {
      ...base,
      password: 'outra-senha-boa',
      confirmPassword: 'outra-senha-boa',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_TOKEN');
  });

  it('sends at most one reset mail a minute to one address', async () => {
    const user = await t.registerConfirmed();
    for (let i = 0; i < 3; i++) await post('/api/auth/forgot-password', { email: user.email }, {}, '10.4.0.4');
    // Each request answers only once its mail (if any) was taken by the SMTP server: nothing more can arrive.
    await t.mail.waitFor(user.email, 2);
    expect(t.mail.to(user.email)).toHaveLength(2); // confirmation + one reset
  });
});

describe('profile', () => {
  it('reads and updates profile fields; role or email changes are refused (mass assignment)', async () => {
    const user = await t.registerConfirmed();
    const headers = bearer(user.accessToken);
    const me = await t.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json()).toMatchObject({
      email: user.email,
      city: 'Porto Alegre',
      favouriteTeam: { slug: 'gremio', name: 'Grêmio' },
      roles: [],
      hasPassword: true,
    });
    expect(me.body).not.toMatch(/argon2|passwordHash/);

    const sneaky = await t.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { city: 'Recife', roles: ['Admin'] },
    });
    expect(sneaky.statusCode).toBe(400);
    const email = await t.inject({ method: 'PATCH', url: '/api/me', headers, payload: { email: 'new@example.com' } });
    expect(email.statusCode).toBe(400);
    const after = (await t.inject({ method: 'GET', url: '/api/me', headers })).json();
    expect(after).toMatchObject({ roles: [], city: 'Porto Alegre', email: user.email });

    const ok = await t.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { city: 'Recife', favouriteTeam: 'bahia', language: 'en' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ city: 'Recife', favouriteTeam: { slug: 'bahia' }, language: 'en' });
  });

  it('changes the password with the current one and signs out other sessions only', async () => {
    const user = await t.registerConfirmed();
    const other = (await post('/api/auth/login', { email: user.email, password: PASSWORD })).json();
    const headers = bearer(user.accessToken);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/me/password',
      headers,
      payload: { currentPassword: 'nope-nope', password: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      details: { currentPassword: 'A senha atual está incorreta.' },
    });
    const ok = await t.inject({
      method: 'POST',
      url: '/api/me/password',
      headers,
      payload: { currentPassword: PASSWORD, password: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(other.accessToken) })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.email, password: 'nova-senha-forte' })).statusCode).toBe(200);
  });
});

describe('reference data', () => {
  it('lists teams for the favourite-team select and the current terms in the caller’s language', async () => {
    const teams = (await t.inject({ method: 'GET', url: '/api/teams' })).json();
    expect(teams.length).toBeGreaterThanOrEqual(24);
    expect(teams).toContainEqual({ slug: 'sao-paulo', name: 'São Paulo', nameEn: null, category: 'club' });
    expect(teams).toContainEqual({ slug: 'alemanha', name: 'Alemanha', nameEn: 'Germany', category: 'national' });
    const pt = (await t.inject({ method: 'GET', url: '/api/terms/current' })).json();
    const en = (
      await t.inject({ method: 'GET', url: '/api/terms/current', headers: { 'accept-language': 'en' } })
    ).json();
    expect(pt).toMatchObject({ version: 1, title: 'Termos de uso do Manto' });
    expect(en.title).toBe('Manto terms of use');
  });
});
