import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  createApiClient,
  LOGIN_URL,
  SESSION_ENDED_QUERY,
  SessionEndedError,
  type LockManagerLike,
} from './api-client.ts';
import { createAuthStore, encodeValue, TOKENS_KEY, type AuthStore } from './auth-store.ts';
import { jwtExpiringIn, MemoryStorage } from './testing/fake-jwt.ts';

const USER = { email: 'ana@example.com', name: 'Ana Souza', team: 'Sport', roles: [] };

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake fetch that records every call and answers from `handler`. */
function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    // Let concurrent callers pile up before answering, as a real network would.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return handler(call);
  });
  return { fetch, calls };
}

function setup(
  handler: Handler,
  options: { locks?: LockManagerLike; storage?: Storage; onTermsNotAccepted?: () => void } = {},
) {
  const storage = options.storage ?? new MemoryStorage();
  const store = createAuthStore(storage);
  store.restore();
  const { fetch, calls } = fakeFetch(handler);
  const hardRedirect = vi.fn();
  const goToLogin = vi.fn();
  const client = createApiClient({
    fetch,
    store,
    getLanguage: () => 'en',
    hardRedirect,
    goToLogin,
    locks: options.locks,
    onTermsNotAccepted: options.onTermsNotAccepted,
  });
  return { client, store, storage, calls, hardRedirect, goToLogin };
}

function signIn(store: AuthStore, accessToken: string, refreshToken = 'refresh-1') {
  store.setAuth(USER, { accessToken, refreshToken, expiresAt: new Date().toISOString() });
}

/** A minimal Web Locks stand-in: one holder per name at a time, FIFO. */
function fakeLocks(): LockManagerLike {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(callback);
      queues.set(name, run);
      return run;
    },
  };
}

const okProfile = (call: Call) => json(200, { ok: true, auth: call.headers.Authorization });

describe('api client: headers and errors', () => {
  it('sends Accept-Language on every call and Bearer only on authorized ones', async () => {
    const { client, store, calls } = setup(okProfile);
    signIn(store, jwtExpiringIn(600));
    await client.request('/teams');
    await client.authorized('/me');
    expect(calls.map((c) => c.headers['Accept-Language'])).toEqual(['en', 'en']);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${store.getState().tokens?.accessToken}`);
    expect(calls[1]?.url).toBe('/api/me');
  });

  it('turns the error envelope into an ApiError with the localised message and details', async () => {
    const { client } = setup(() =>
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Verifique os campos destacados.',
        details: { email: 'Formato de e-mail inválido.' },
      }),
    );
    const error = await client.request('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'Verifique os campos destacados.',
      details: { email: 'Formato de e-mail inválido.' },
    });
  });

  it('keeps the Retry-After of a refusal, in seconds', async () => {
    const envelope = { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts.' };
    const limited = (retryAfter?: string) =>
      new Response(JSON.stringify(envelope), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
      });
    let header: string | undefined = '42';
    const { client } = setup(() => limited(header));
    expect(await client.request('/duels/next').catch((e: unknown) => e)).toMatchObject({ status: 429, retryAfter: 42 });
    header = undefined;
    expect(await client.request('/duels/next').catch((e: unknown) => e)).toMatchObject({ retryAfter: null });
    header = 'Wed, 21 Oct 2026 07:28:00 GMT';
    expect(await client.request('/duels/next').catch((e: unknown) => e)).toMatchObject({ retryAfter: null });
  });

  it('has no server message when the body is not an envelope', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await client.request('/teams').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: null });
  });
});

describe('api client: file bodies', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crest.png', { type: 'image/png' });

  it('sends a Blob as is, with its own type and the Bearer token, never as JSON', async () => {
    const { client, store, calls } = setup(() => json(201, { key: 'abc.png' }));
    signIn(store, jwtExpiringIn(600));
    const file = png();
    await expect(client.authorized('/manage/images', { method: 'POST', body: file })).resolves.toEqual({
      key: 'abc.png',
    });
    expect(calls[0]?.body).toBe(file);
    expect(calls[0]?.headers['Content-Type']).toBe('image/png');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${store.getState().tokens?.accessToken}`);
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
  });

  it('leaves the Content-Type of FormData to fetch (it writes the multipart boundary)', async () => {
    const { client, calls } = setup(() => json(200, {}));
    const form = new FormData();
    form.set('file', png());
    await client.request('/upload', { method: 'POST', body: form });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('turns the error envelope of a refused file into an ApiError', async () => {
    const { client, store, goToLogin } = setup(() =>
      json(422, { statusCode: 422, code: 'INVALID_IMAGE', message: 'O arquivo não é uma imagem válida.' }),
    );
    signIn(store, jwtExpiringIn(600));
    const error = await client.authorized('/manage/images', { method: 'POST', body: png() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({
      status: 422,
      code: 'INVALID_IMAGE',
      serverMessage: 'O arquivo não é uma imagem válida.',
    });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('ends the session on a 401, as for any authorized call', async () => {
    const { client, store, goToLogin } = setup(() =>
      json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sessão expirada.' }),
    );
    signIn(store, jwtExpiringIn(600));
    const error = await client.authorized('/manage/images', { method: 'POST', body: png() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(store.getState().tokens).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});

describe('api client: per-call headers and optional authorization', () => {
  it('sends per-call headers, but never lets them replace Accept-Language', async () => {
    const { client, calls } = setup(okProfile);
    await client.request('/duels/next', { headers: { 'x-voter-id': 'v-1', 'Accept-Language': 'xx' } });
    expect(calls[0]?.headers['x-voter-id']).toBe('v-1');
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
  });

  it('is anonymous when signed out and authorized when signed in', async () => {
    const { client, store, calls, goToLogin } = setup(okProfile);
    await client.optionallyAuthorized('/duels/next', { headers: { 'x-voter-id': 'v-1' } });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(goToLogin).not.toHaveBeenCalled();
    const token = jwtExpiringIn(600);
    signIn(store, token);
    await client.optionallyAuthorized('/duels/next', { headers: { 'x-voter-id': 'v-1' } });
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(calls[1]?.headers['x-voter-id']).toBe('v-1');
  });

  it('refreshes an expired token first when signed in', async () => {
    const fresh = jwtExpiringIn(900);
    const { client, store, calls } = setup((call) =>
      call.url === '/api/auth/refresh'
        ? json(200, { accessToken: fresh, refreshToken: 'refresh-2', expiresAt: new Date().toISOString() })
        : okProfile(call),
    );
    signIn(store, jwtExpiringIn(-60));
    await client.optionallyAuthorized('/duels/next');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/duels/next']);
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${fresh}`);
  });
});

describe('api client: single-flight refresh', () => {
  let refreshCount = 0;
  const rotating: Handler = (call) => {
    if (call.url === '/api/auth/refresh') {
      refreshCount += 1;
      return json(200, {
        accessToken: jwtExpiringIn(900, Date.now(), { n: refreshCount }),
        refreshToken: `refresh-${refreshCount + 1}`,
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      });
    }
    return okProfile(call);
  };

  beforeEach(() => {
    refreshCount = 0;
  });

  it('refreshes exactly once for 5 concurrent requests with an expired token, and all succeed', async () => {
    const { client, store, calls } = setup(rotating);
    signIn(store, jwtExpiringIn(-60));

    const results = await Promise.all(Array.from({ length: 5 }, () => client.authorized('/me')));

    const refreshes = calls.filter((c) => c.url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshes[0]?.headers.Authorization).toBeUndefined();
    const fresh = store.getState().tokens;
    expect(fresh?.refreshToken).toBe('refresh-2');
    expect(results).toHaveLength(5);
    for (const result of results) expect(result).toEqual({ ok: true, auth: `Bearer ${fresh?.accessToken}` });
  });

  it('does not refresh while the access token is still valid', async () => {
    const { client, store, calls } = setup(rotating);
    signIn(store, jwtExpiringIn(600));
    await Promise.all([client.authorized('/me'), client.authorized('/me')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0);
  });

  it('persists the rotated tokens to storage', async () => {
    const { client, store, storage } = setup(rotating);
    signIn(store, jwtExpiringIn(-60));
    await client.authorized('/me');
    const reloaded = createAuthStore(storage);
    reloaded.restore();
    expect(reloaded.getState().tokens?.refreshToken).toBe('refresh-2');
    expect(reloaded.getState().user).toEqual(USER);
  });

  it('uses tokens another tab already rotated instead of spending the used refresh token', async () => {
    const storage = new MemoryStorage();
    const { client, store, calls } = setup(rotating, { storage, locks: fakeLocks() });
    signIn(store, jwtExpiringIn(-60), 'refresh-1');
    // Another tab refreshed meanwhile and wrote its tokens to the shared storage.
    const otherTabAccess = jwtExpiringIn(900, Date.now(), { tab: 'other' });
    storage.setItem(
      TOKENS_KEY,
      encodeValue({ accessToken: otherTabAccess, refreshToken: 'refresh-other', expiresAt: new Date().toISOString() }),
    );

    const result = await client.authorized('/me');

    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0);
    expect(result).toEqual({ ok: true, auth: `Bearer ${otherTabAccess}` });
    expect(store.getState().tokens?.refreshToken).toBe('refresh-other');
  });

  it('serialises refreshes across two clients sharing storage and a lock (two tabs)', async () => {
    const storage = new MemoryStorage();
    const locks = fakeLocks();
    const tabA = setup(rotating, { storage, locks });
    const tabB = setup(rotating, { storage, locks });
    signIn(tabA.store, jwtExpiringIn(-60), 'refresh-1');
    tabB.store.restore();

    await Promise.all([tabA.client.authorized('/me'), tabB.client.authorized('/me')]);

    const refreshes = [...tabA.calls, ...tabB.calls].filter((c) => c.url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(tabB.store.getState().tokens?.refreshToken).toBe('refresh-2');
  });

  it('on refresh failure clears auth, hard-redirects to login once, and fails every waiter', async () => {
    const { client, store, calls, hardRedirect } = setup((call) =>
      call.url === '/api/auth/refresh'
        ? json(401, { statusCode: 401, code: 'INVALID_REFRESH_TOKEN', message: 'Sua sessão expirou.' })
        : okProfile(call),
    );
    signIn(store, jwtExpiringIn(-60));

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.authorized('/me')));

    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/me')).toHaveLength(0);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(SessionEndedError);
    }
    expect(store.getState()).toMatchObject({ user: null, tokens: null, initialized: true });
    expect(hardRedirect).toHaveBeenCalledTimes(1);
    expect(hardRedirect).toHaveBeenCalledWith(`${LOGIN_URL}?${SESSION_ENDED_QUERY}`);
    expect(`${LOGIN_URL}?${SESSION_ENDED_QUERY}`).toBe('/app/auth/login?sessao=encerrada');
  });

  it('treats a network failure during refresh as a failed refresh', async () => {
    const { client, store, hardRedirect } = setup((call) => {
      if (call.url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return okProfile(call);
    });
    signIn(store, jwtExpiringIn(-60));
    await expect(client.authorized('/me')).rejects.toBeInstanceOf(SessionEndedError);
    expect(store.getState().tokens).toBeNull();
    expect(hardRedirect).toHaveBeenCalledWith('/app/auth/login?sessao=encerrada');
  });
});

describe('api client: 401 and logout', () => {
  it('clears auth and goes to login on a 401 from an authorized call', async () => {
    const { client, store, goToLogin, hardRedirect } = setup(() =>
      json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Você precisa entrar para continuar.' }),
    );
    signIn(store, jwtExpiringIn(600));
    const error = await client.authorized('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(store.getState()).toMatchObject({ user: null, tokens: null });
    expect(goToLogin).toHaveBeenCalledTimes(1);
    // There was a session: the login page says it ended.
    expect(goToLogin).toHaveBeenCalledWith(true);
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it('sends an authorized call made signed out to login without saying a session ended', async () => {
    const { client, goToLogin } = setup(okProfile);
    const error = await client.authorized('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(goToLogin).toHaveBeenCalledWith(false);
  });

  it('does not end the session on a 401 from a public call (wrong password at login)', async () => {
    const { client, store, goToLogin } = setup(() =>
      json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha inválidos.' }),
    );
    signIn(store, jwtExpiringIn(600));
    await expect(client.request('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(store.getState().user).toEqual(USER);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('keeps other errors as they are', async () => {
    const { client, store } = setup(() =>
      json(400, { statusCode: 400, code: 'WRONG_PASSWORD', message: 'A senha atual está incorreta.' }),
    );
    signIn(store, jwtExpiringIn(600));
    await expect(client.authorized('/me/password', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
    });
    expect(store.getState().user).toEqual(USER);
  });

  it('reports a write refused for terms not yet accepted, and still fails it', async () => {
    const onTermsNotAccepted = vi.fn();
    const { client, store } = setup(
      () => json(403, { statusCode: 403, code: 'TERMS_NOT_ACCEPTED', message: 'Os termos de uso mudaram.' }),
      { onTermsNotAccepted },
    );
    signIn(store, jwtExpiringIn(600));
    await expect(client.authorized('/me', { method: 'PATCH', body: {} })).rejects.toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
    });
    expect(onTermsNotAccepted).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toEqual(USER);
  });

  it('logout posts with the Bearer token, ignores errors and clears', async () => {
    const { client, store, calls } = setup(() => json(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }));
    const token = jwtExpiringIn(600);
    signIn(store, token);
    await client.logout();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST' });
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(store.getState().tokens).toBeNull();
  });

  it('logout without an access token calls nothing', async () => {
    const { client, store, calls } = setup(okProfile);
    await client.logout();
    expect(calls).toHaveLength(0);
    expect(store.getState().user).toBeNull();
  });
});

describe('api client: a read primed before its screen loaded', () => {
  const ranking = z.object({ items: z.array(z.string()) });

  it('answers the screen’s first request from the early call, checked by its schema, and only once', async () => {
    let served = 0;
    const { client, calls } = setup(() => json(200, { items: [`page-${++served}`] }));
    client.prime('/rankings', { page: 2, pageSize: 50 });
    expect(calls).toHaveLength(1);
    await expect(client.request('/rankings', { query: { page: 2, pageSize: 50 }, schema: ranking })).resolves.toEqual({
      items: ['page-1'],
    });
    expect(calls).toHaveLength(1);
    // Taken once: the next read asks the server again.
    await expect(client.request('/rankings', { query: { page: 2, pageSize: 50 }, schema: ranking })).resolves.toEqual({
      items: ['page-2'],
    });
    expect(calls).toHaveLength(2);
  });

  it('is not used for another address, and an answer the schema refuses fails as a direct one would', async () => {
    const { client, calls } = setup(() => json(200, { items: [1] }));
    client.prime('/rankings', { page: 1 });
    await expect(client.request('/rankings', { query: { page: 3 }, schema: ranking })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(calls).toHaveLength(2);
    await expect(client.request('/rankings', { query: { page: 1 }, schema: ranking })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(calls).toHaveLength(2);
  });

  it('passes on the server’s refusal with its message', async () => {
    const { client } = setup(() =>
      json(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'Tente de novo em instantes.' }),
    );
    client.prime('/rankings');
    await expect(client.request('/rankings', { schema: ranking })).rejects.toMatchObject({
      status: 503,
      serverMessage: 'Tente de novo em instantes.',
    });
  });
});
