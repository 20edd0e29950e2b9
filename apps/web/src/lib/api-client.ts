import type { Tokens } from '@manto/contracts';
import type { z } from 'zod';
import type { AuthStore } from './auth-store.ts';
import { checkLater, isLaterSchema, loadedSchema, type LaterSchema } from './later-schemas.ts';
import { isTokenExpired } from './token-expiry.ts';
import { pickErrorEnvelope, pickTokens } from './wire-shapes.ts';

/** A failed call. `serverMessage` is the API's localised message, when the body had one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string | null;
  readonly details: Record<string, string>;
  /** Seconds the server asked the client to wait (Retry-After, sent with a 429 or 503), else null. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: string,
    serverMessage: string | null,
    details: Record<string, string> = {},
    retryAfter: number | null = null,
  ) {
    super(serverMessage ?? `${code} (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

/** Retry-After in seconds (the server sends whole seconds, never a date), or null when absent or odd. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** Thrown to callers whose session ended (refresh failed, or the API answered 401). */
export class SessionEndedError extends ApiError {
  constructor(cause: ApiError | null) {
    super(cause?.status ?? 401, cause?.code ?? 'UNAUTHORIZED', cause?.serverMessage ?? null);
    this.name = 'SessionEndedError';
  }
}

/** The server's message when it sent one, else the given fallback (docs/product.md §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** Params (often an interface, which TypeScript does not take as a Record) as a query; empty values mean no filter. */
export function definedQuery(params: object): Query {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as Query;
}

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON, except a Blob (a file, sent as is with its own type) or FormData. */
  body?: unknown;
  query?: Query;
  /**
   * Validates and types the JSON answer: a contract schema, or one named with `later(…)` for the
   * first screens' answers, checked once the contracts have loaded (lib/later-schemas.ts).
   */
  schema?: S | LaterSchema<S>;
  signal?: AbortSignal;
  /** Extra headers for this call (e.g. the duel's X-Voter-Id); they cannot replace the auth header. */
  headers?: Record<string, string>;
}

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  store: AuthStore;
  /** The current interface language, sent as Accept-Language on every call. */
  getLanguage: () => string;
  /** Full-page navigation, used when a refresh fails (docs/product.md §4). */
  hardRedirect: (url: string) => void;
  /**
   * In-app navigation to the login page, used on a 401 from an authorized call; `sessionEnded` when there
   * was a session (the page then says why, SESSION_ENDED_QUERY), not when a call was made signed out.
   */
  goToLogin: (sessionEnded: boolean) => void;
  /**
   * A write refused because newer terms wait for the member's acceptance (403 TERMS_NOT_ACCEPTED,
   * docs/decisions/0017-terms-re-consent.md): the app reloads the profile, whose `termsPending` opens
   * the re-consent dialog.
   */
  onTermsNotAccepted?: () => void;
  /** Web Locks when the browser has them: serialises refreshes across tabs. */
  locks?: LockManagerLike | undefined;
  baseUrl?: string;
  now?: () => number;
}

export const LOGIN_URL = '/app/auth/login';
/** On the login page's address when a session ended by itself (expired, or ended elsewhere): it says why. */
export const SESSION_ENDED = { param: 'sessao', value: 'encerrada' } as const;
export const SESSION_ENDED_QUERY = `${SESSION_ENDED.param}=${SESSION_ENDED.value}`;
const REFRESH_LOCK = 'manto-refresh';
/** A primed read older than this is not used: the screen asks again. */
const PRIMED_FRESH_MS = 30_000;
/** A token this close to its exp is treated as expired so it does not die in transit. */
const EXPIRY_LEEWAY_MS = 5_000;

/**
 * The answer checked by its schema (INVALID_RESPONSE if it fails). A schema named with `later(…)` is
 * resolved from the contracts; until they have loaded, after the first screen, the answer is handed
 * out as it came and checked when they do (lib/later-schemas.ts).
 */
export async function checkedAnswer<S extends z.ZodType>(
  schema: S | LaterSchema<S> | undefined,
  json: unknown,
  status: number,
): Promise<z.infer<S>> {
  if (!schema) return json as z.infer<S>;
  let resolved: z.ZodType;
  if (isLaterSchema(schema)) {
    const loaded = loadedSchema(schema);
    if (!loaded) {
      // If the contracts fail to load (offline), this answer stays unchecked; the next one tries again.
      checkLater(schema, json).catch(() => undefined);
      return json as z.infer<S>;
    }
    resolved = loaded;
  } else resolved = schema;
  const parsed = resolved.safeParse(json);
  if (!parsed.success) throw new ApiError(status, 'INVALID_RESPONSE', null);
  return parsed.data as z.infer<S>;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api';
  const now = deps.now ?? (() => Date.now());
  let refreshing: Promise<Tokens> | null = null;

  function url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send<S extends z.ZodType>(
    path: string,
    options: RequestOptions<S>,
    accessToken: string | null,
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
    };
    const raw = options.body instanceof Blob || options.body instanceof FormData;
    if (options.body instanceof Blob && options.body.type) headers['Content-Type'] = options.body.type;
    // FormData's multipart boundary is for fetch to write, so it gets no Content-Type here.
    else if (options.body !== undefined && !raw) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

    let response: Response;
    try {
      response = await deps.fetch(url(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined || raw ? (options.body as BodyInit | undefined) : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError(0, 'NETWORK_ERROR', null);
    }

    const text = response.status === 204 ? '' : await response.text();
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }

    if (!response.ok) {
      const envelope = pickErrorEnvelope(json);
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      if (envelope)
        throw new ApiError(response.status, envelope.code, envelope.message, envelope.details ?? {}, retryAfter);
      throw new ApiError(response.status, `HTTP_${response.status}`, null, {}, retryAfter);
    }
    return checkedAnswer(options.schema, json, response.status);
  }

  /** Public reads asked for before their screen's code arrived (prime), each answered once. */
  const primed = new Map<string, { at: number; answer: Promise<unknown> }>();

  /**
   * Starts a public GET now, while the screen that needs it is still loading: the screen's own
   * `request` for the same URL, within PRIMED_FRESH_MS, takes this answer (checked by its schema)
   * instead of asking again. Used by the router for the first screen (docs/performance.md). Returns the
   * raw answer, unchecked, for what can start before the screen (a picture's download); it never rejects.
   */
  function prime(path: string, query?: Query): Promise<unknown> {
    const answer = send(path, { query }, null);
    primed.set(url(path, query), { at: now(), answer });
    // Never taken (the visitor went elsewhere): nobody waits on it, so its failure is nobody's.
    return answer.catch(() => undefined);
  }

  function takePrimed(key: string): Promise<unknown> | null {
    const entry = primed.get(key);
    if (!entry) return null;
    primed.delete(key);
    return now() - entry.at <= PRIMED_FRESH_MS ? entry.answer : null;
  }

  /** Ends the session: clear, then send the browser to login, saying why when there was a session. */
  function endSession(hard: boolean, sessionEnded = true) {
    deps.store.clear();
    if (hard) deps.hardRedirect(`${LOGIN_URL}?${SESSION_ENDED_QUERY}`);
    else deps.goToLogin(sessionEnded);
  }

  async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
    return deps.locks ? deps.locks.request(REFRESH_LOCK, work) : work();
  }

  /**
   * One refresh at a time: within the tab a single shared promise, across tabs a Web Lock. After
   * taking the lock, the stored tokens are read again: if another tab already rotated them, those
   * are used instead of spending the (now used) refresh token a second time.
   */
  function refreshTokens(staleAccessToken: string): Promise<Tokens> {
    refreshing ??= withRefreshLock(async () => {
      const stored = deps.store.readStoredTokens();
      if (!stored) throw new ApiError(401, 'INVALID_REFRESH_TOKEN', null);
      if (stored.accessToken !== staleAccessToken && !isTokenExpired(stored.accessToken, now(), EXPIRY_LEEWAY_MS)) {
        deps.store.setTokens(stored);
        return stored;
      }
      const answer = await send('/auth/refresh', { method: 'POST', body: { refreshToken: stored.refreshToken } }, null);
      const fresh = pickTokens(answer);
      if (!fresh) throw new ApiError(200, 'INVALID_RESPONSE', null);
      deps.store.setTokens(fresh);
      return fresh;
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * A usable access token, refreshing once when it has expired. `onFailure: 'end'` clears the
   * session and hard-redirects to login (docs/product.md §4); 'throw' leaves that to the caller.
   */
  async function freshAccessToken(onFailure: 'end' | 'throw' = 'end'): Promise<string | null> {
    const current = deps.store.getState().tokens;
    if (!current) return null;
    if (!isTokenExpired(current.accessToken, now(), EXPIRY_LEEWAY_MS)) return current.accessToken;
    try {
      return (await refreshTokens(current.accessToken)).accessToken;
    } catch (error) {
      if (onFailure === 'throw') throw error;
      // Only the first waiter redirects; the others see the cleared store.
      if (deps.store.getState().tokens) endSession(true);
      throw new SessionEndedError(error instanceof ApiError ? error : null);
    }
  }

  /** A call without credentials (login, register, public reads). */
  function request<S extends z.ZodType>(path: string, options: RequestOptions<S> = {}): Promise<z.infer<S>> {
    const early = (options.method ?? 'GET') === 'GET' ? takePrimed(url(path, options.query)) : null;
    if (early) return early.then((json) => checkedAnswer(options.schema, json, 200));
    return send(path, options, null);
  }

  /** A call with the Bearer token; a 401 ends the session (docs/product.md §8). */
  async function authorized<S extends z.ZodType>(path: string, options: RequestOptions<S> = {}): Promise<z.infer<S>> {
    const accessToken = await freshAccessToken('end');
    if (!accessToken) {
      endSession(false, false);
      throw new SessionEndedError(null);
    }
    try {
      return await send(path, options, accessToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        if (deps.store.getState().tokens) endSession(false);
        throw new SessionEndedError(error);
      }
      if (error instanceof ApiError && error.status === 403 && error.code === 'TERMS_NOT_ACCEPTED') {
        deps.onTermsNotAccepted?.();
      }
      throw error;
    }
  }

  /**
   * Authorized when someone is signed in, anonymous otherwise: for public calls whose answer depends
   * on who asks (a duel is bound to the signed-in user, else to the visitor id the caller sends).
   */
  function optionallyAuthorized<S extends z.ZodType>(
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<z.infer<S>> {
    return deps.store.getState().tokens ? authorized(path, options) : send(path, options, null);
  }

  /** Revokes the session on the server when there is one; errors are ignored (docs/product.md §7). */
  async function logout(): Promise<void> {
    const current = deps.store.getState().tokens;
    try {
      if (current?.accessToken) {
        const accessToken = await freshAccessToken('throw');
        if (accessToken) await send('/auth/logout', { method: 'POST' }, accessToken);
      }
    } catch {
      // Signing out locally always succeeds.
    } finally {
      deps.store.clear(true);
    }
  }

  return { request, prime, authorized, optionallyAuthorized, logout, freshAccessToken };
}
