import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManageUserDetail, ManageUserList } from '@manto/contracts';
import { oneTimeTokens, users } from '#db/schema/index.ts';
import type { AuthService } from '#modules/auth/index.ts';
import { linkIn } from '#test/mail-capture.ts';
import { PASSWORD, type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { UsersService } from './service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithRoles']>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRoles(['Admin']);
  asAdmin = bearer(admin.accessToken);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = asAdmin) => t.inject({ method: 'GET', url, headers });
const put = (url: string, payload: object, headers: Record<string, string> = asAdmin) =>
  t.inject({ method: 'PUT', url, payload, headers });
const post = (url: string, headers: Record<string, string> = asAdmin) => t.inject({ method: 'POST', url, headers });
const setRoles = (id: string, roles: string[], headers?: Record<string, string>) =>
  put(`/api/manage/users/${id}/roles`, { roles }, headers);
const setActive = (id: string, active: boolean, headers?: Record<string, string>) =>
  put(`/api/manage/users/${id}/active`, { active }, headers);
const activeAdmins = async () =>
  (
    await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.active} and 'Admin' = any(${users.roles})`)
  ).map((r) => r.id);

describe('access', () => {
  it('answers 401 to visitors and 403 to members and Moderators on every route', async () => {
    const member = await t.userWithRoles([]);
    const moderator = await t.userWithRoles(['Moderator']);
    const id = member.id;
    const calls = (headers: Record<string, string>) => [
      get('/api/manage/users', headers),
      get(`/api/manage/users/${id}`, headers),
      setRoles(id, ['Moderator'], headers),
      setActive(id, false, headers),
      post(`/api/manage/users/${id}/resend-confirmation`, headers),
    ];
    for (const res of await Promise.all(calls({}))) expect(res.statusCode).toBe(401);
    for (const who of [member, moderator])
      for (const res of await Promise.all(calls(bearer(who.accessToken)))) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    // Nothing changed.
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.active).toBe(true);
    expect(row!.roles).toEqual([]);
  });
});

describe('the last active Admin', () => {
  it('cannot be demoted (409 LAST_ADMIN, localised), and can once another Admin exists', async () => {
    expect(await activeAdmins()).toEqual([admin.id]);
    const refused = await setRoles(admin.id, ['Moderator']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_ADMIN');
    expect(refused.json().message).toMatch(/último Admin ativo/);
    const en = await t.inject({
      method: 'PUT',
      url: `/api/manage/users/${admin.id}/roles`,
      payload: { roles: [] },
      headers: { ...asAdmin, 'accept-language': 'en' },
    });
    expect(en.json().message).toMatch(/last active Admin/);
    expect(await activeAdmins()).toEqual([admin.id]);

    // A second Admin: now the first may step down, and the second is then the last.
    const second = await t.userWithRoles(['Admin']);
    const stepDown = await setRoles(second.id, ['Moderator']);
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json<ManageUserDetail>().roles).toEqual(['Moderator']);
    expect(await activeAdmins()).toEqual([admin.id]);
  });

  it('cannot be deactivated, even by another path than self-deactivation', async () => {
    // Through the API an Admin deactivating another Admin means two are active; the guard is proved on the service.
    const service = new UsersService({
      db: t.db,
      auth: {} as AuthService,
      sessions: t.sessions,
      log: pino({ level: 'silent' }),
    });
    await expect(service.setActive(admin.id, false, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      statusCode: 409,
      code: 'LAST_ADMIN',
    });
    expect(await activeAdmins()).toEqual([admin.id]);
  });

  it('survives two Admins demoting each other at once: one Admin always remains', async () => {
    const other = await t.userWithRoles(['Admin']);
    const [a, b] = await Promise.all([
      setRoles(other.id, [], asAdmin),
      setRoles(admin.id, [], bearer(other.accessToken)),
    ]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect(await activeAdmins()).toHaveLength(1);
    // Put things back: `admin` the only Admin.
    const [left] = await activeAdmins();
    if (left !== admin.id) {
      await t.setUser(admin.id, { roles: ['Admin'] });
      await t.setUser(other.id, { roles: [] });
    }
    expect(await activeAdmins()).toEqual([admin.id]);
  });
});

describe('deactivation', () => {
  it('is refused on oneself, even with other Admins about', async () => {
    const other = await t.userWithRoles(['Admin']);
    const res = await setActive(admin.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANNOT_DEACTIVATE_SELF');
    expect(res.json().message).toBe('Você não pode desativar a sua própria conta.');
    await t.setUser(other.id, { roles: [] });
  });

  it('stops a live access token on the next request and every refresh token; reactivation lets the user sign in again', async () => {
    const member = await t.registerConfirmed();
    const second = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password, rememberMe: true },
    });
    expect(second.statusCode).toBe(200);
    const me = () => get('/api/me', bearer(member.accessToken));
    expect((await me()).statusCode).toBe(200);
    const before = await get(`/api/manage/users/${member.userId}`);
    expect(before.json<ManageUserDetail>().activeSessions).toBe(2);

    const res = await setActive(member.userId, false);
    expect(res.statusCode).toBe(200);
    expect(res.json<ManageUserDetail>()).toMatchObject({ active: false, activeSessions: 0 });

    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    for (const refreshToken of [member.refreshToken, second.json().refreshToken]) {
      const refreshed = await t.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      expect(refreshed.statusCode).toBe(401);
    }
    const login = () =>
      t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: PASSWORD } });
    expect((await login()).json().code).toBe('ACCOUNT_INACTIVE');

    expect((await setActive(member.userId, true)).json<ManageUserDetail>().active).toBe(true);
    // The old sessions stay ended; a new sign-in works.
    expect((await me()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('take effect on the next request of the same token, both ways', async () => {
    const member = await t.userWithRoles([]);
    const moderatorRoute = () => get('/api/manage/tournaments', bearer(member.accessToken));
    expect((await moderatorRoute()).statusCode).toBe(403);
    const granted = await setRoles(member.id, ['Moderator', 'Moderator']);
    expect(granted.statusCode).toBe(200);
    expect(granted.json<ManageUserDetail>().roles).toEqual(['Moderator']);
    expect((await moderatorRoute()).statusCode).toBe(200);
    // Admin too, stored in one order whatever the client sent.
    expect((await setRoles(member.id, ['Moderator', 'Admin'])).json<ManageUserDetail>().roles).toEqual([
      'Admin',
      'Moderator',
    ]);
    expect((await get('/api/manage/users', bearer(member.accessToken))).statusCode).toBe(200);
    expect((await setRoles(member.id, [])).statusCode).toBe(200);
    expect((await moderatorRoute()).statusCode).toBe(403);
  });

  it('refuses unknown roles and extra fields with localised messages', async () => {
    const member = await t.userWithRoles([]);
    const bad = await setRoles(member.id, ['Owner']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const extra = await put(`/api/manage/users/${member.id}/roles`, { roles: [], admin: true });
    expect(extra.statusCode).toBe(400);
    expect((await setRoles('00000000-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
    expect((await get('/api/manage/users/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('resend confirmation', () => {
  it('writes a fresh link to the outbox; refuses confirmed accounts and a second link within a minute', async () => {
    const body = t.registration();
    const registered = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: '10.77.0.1',
    });
    expect(registered.statusCode).toBe(201);
    const first = linkIn(await t.mail.waitFor(body.email), '/app/auth/confirmar-email');
    const id = first.searchParams.get('userId')!;

    const tooSoon = await post(`/api/manage/users/${id}/resend-confirmation`);
    expect(tooSoon.statusCode).toBe(429);
    // A minute later (the token's time moved back).
    await t.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeTokens.userId, id));
    const res = await post(`/api/manage/users/${id}/resend-confirmation`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Novo link de confirmação enviado para ${body.email}.`);
    await t.flushMail();
    const second = linkIn(await t.mail.waitFor(body.email, 2), '/app/auth/confirmar-email');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    // The new link confirms the account; the first no longer does.
    const stale = await get(`/api/auth/confirm-email${first.search}`, {});
    expect(stale.statusCode).toBe(400);
    expect((await get(`/api/auth/confirm-email${second.search}`, {})).statusCode).toBe(200);

    const again = await post(`/api/manage/users/${id}/resend-confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CONFIRMED');
    expect((await post('/api/manage/users/00000000-0000-4000-8000-000000000000/resend-confirmation')).statusCode).toBe(
      404,
    );
  });
});

describe('list and detail', () => {
  it('searches names and emails accent- and case-insensitively, filters by role, active and confirmed, sorts and pages', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const [a, b, c] = await Promise.all([
      t.userWithRoles(['Moderator']),
      t.userWithRoles([]),
      t.userWithRoles(['Admin']),
    ]);
    await t.setUser(a.id, { name: `João Ação ${tag}` });
    await t.setUser(b.id, { name: `Zélia ${tag}`, active: false });
    await t.setUser(c.id, { name: `Ana ${tag}`, confirmedAt: null, email: `${tag}-ana@example.com` });
    const list = async (query: string) => {
      const res = await get(`/api/manage/users?search=${encodeURIComponent(tag)}${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<ManageUserList>();
    };
    const names = async (query: string) => (await list(query)).items.map((u) => u.name.split(' ')[0]);

    expect(await names('')).toEqual(['Ana', 'João', 'Zélia']);
    expect(await names('&sort=-name')).toEqual(['Zélia', 'João', 'Ana']);
    expect((await get(`/api/manage/users?search=JOAO%20ACAO%20${tag}`)).json<ManageUserList>().items).toHaveLength(1);
    expect((await get(`/api/manage/users?search=${tag}-ANA@`)).json<ManageUserList>().items[0]!.id).toBe(c.id);
    expect(await names('&role=Moderator')).toEqual(['João']);
    expect(await names('&role=Admin')).toEqual(['Ana']);
    expect(await names('&role=none')).toEqual(['Zélia']);
    expect(await names('&active=false')).toEqual(['Zélia']);
    expect(await names('&active=true&confirmed=false')).toEqual(['Ana']);
    const page = await list('&pageSize=1&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.items.map((u) => u.id)).toEqual([a.id]);
    // LIKE wildcards are literal.
    expect((await get('/api/manage/users?search=%25')).json<ManageUserList>().total).toBe(0);
    for (const bad of ['role=Owner', 'active=yes', 'sort=email', 'extra=1'])
      expect((await get(`/api/manage/users?${bad}`)).statusCode).toBe(400);
    await t.setUser(c.id, { roles: [] });
  });

  it('shows the profile, created, confirmed, last sign-in and live sessions, never secrets', async () => {
    const member = await t.registerConfirmed({ name: 'Perfil Completo' });
    const res = await get(`/api/manage/users/${member.userId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<ManageUserDetail>();
    expect(detail).toMatchObject({
      name: 'Perfil Completo',
      email: member.email,
      city: 'Porto Alegre',
      state: 'RS',
      country: 'Brasil',
      gender: 'female',
      favouriteTeam: 'Grêmio',
      language: 'pt',
      roles: [],
      active: true,
      activeSessions: 1,
    });
    expect(detail.confirmedAt).not.toBeNull();
    expect(detail.lastSignInAt).not.toBeNull();
    expect(Date.parse(detail.lastSignInAt!)).toBeGreaterThanOrEqual(Date.parse(detail.createdAt));
    expect(JSON.stringify(detail)).not.toMatch(/argon2|password/i);
    expect((await get('/api/manage/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
