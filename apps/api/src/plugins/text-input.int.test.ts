/**
 * A NUL character (\u0000) anywhere in a request's text: 400 naming the field, localised, and nothing
 * stored — never a 500 from the database (docs/security.md item 12). Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let mod: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
});
afterAll(async () => t?.close());

describe('NUL characters in requests', () => {
  it.each([
    ['/api/catalogue/teams?search=%00', 'search'],
    ['/api/catalogue/teams?search=abc%00def', 'search'],
    ['/api/rankings/export?team=%00', 'team'],
    ['/api/catalogue/teams/gr%00mio/jerseys', 'teamSlug'],
    ['/api/catalogue/teams/gremio/jerseys/x%00', 'jerseySlug'],
    ['/api/duels/next?team=%00', 'team'],
  ])('GET %s answers 400 for the field %s, without an account', async (url, field) => {
    const res = await t.inject({ method: 'GET', url, headers: { 'x-voter-id': crypto.randomUUID() } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { [field]: 'Caractere não permitido.' } });
  });

  it('refuses a registration with a NUL in the name, in English too, and creates no account', async () => {
    const body = t.registration({ name: 'Ana\u0000Maria' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ name: 'Character not allowed.' });
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('names a nested field and a key that holds a NUL', async () => {
    const nested = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: ['ok', 'x\u0000'] },
    });
    expect(nested.json().details).toEqual({ 'name.1': 'Caractere não permitido.' });
    const key = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { ['na\u0000me']: 'Titular' },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().details).toEqual({ 'na\u0000me': 'Caractere não permitido.' });
  });

  // Found by the fuzz suite (fuzz.int.test.ts): the NUL check walked the body recursively and a body
  // nested ~5 000 levels deep (it fits in the 64 KiB limit) overflowed the call stack: a 500.
  it('answers 400, not 500, to a body nested thousands of levels deep, and still finds a NUL at the bottom', async () => {
    const depth = 10_000;
    const deep = (leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
    for (const payload of [`{"name":${deep('"x"')}}`, `[${'['.repeat(depth)}${']'.repeat(depth)}]`]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/manage/models',
        headers: { ...mod, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const nul = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep('"\\u0000"')}}`,
    });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(Object.values(nul.json().details)).toEqual(['Caractere não permitido.']);
  });

  it('still takes text without NUL, and uploads whose bytes hold zeros', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=gr%C3%AAmio' })).statusCode).toBe(200);
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: 'Retrô' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(png.includes(0)).toBe(true);
    const upload = await t.inject({
      method: 'POST',
      url: '/api/manage/images',
      headers: { ...mod, 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode, upload.body).toBe(201);
  });
});
