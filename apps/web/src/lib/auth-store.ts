import { useSyncExternalStore } from 'react';
import type { SessionUser, Tokens } from '@manto/contracts';
import { pickSessionUser, pickTokens } from './wire-shapes.ts';

/** Local storage keys (docs/product.md §3: user and tokens are kept encoded). */
export const USER_KEY = 'manto.user';
export const TOKENS_KEY = 'manto.tokens';

export interface AuthState {
  user: SessionUser | null;
  tokens: Tokens | null;
  /** True once the stored session has been restored (docs/product.md §4). */
  initialized: boolean;
  /** The session ended by the user's own logout (not an expiry), so no page is remembered to return to. */
  loggedOut?: boolean;
}

/** JSON → UTF-8 → base64, so names with accents survive `btoa`. */
export function encodeValue(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The inverse of `encodeValue`; undefined when the text is not what we wrote. */
export function decodeValue(text: string | null): unknown {
  if (!text) return undefined;
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A visitor: what a page drawn by the server shows, and the restored state of a browser with no session. The
 * same object on both sides, so React, taking a drawn page over, finds the session unchanged and does not
 * draw the whole page again, at once, for a visitor (it compares the two by identity; a phone's longest task
 * on a ranking, docs/perf/first-screen.md).
 */
export const SIGNED_OUT: AuthState = Object.freeze({ user: null, tokens: null, initialized: true });

function safeStorage(storage: Storage | undefined): Storage | undefined {
  try {
    storage?.getItem('manto.probe');
    return storage;
  } catch {
    return undefined;
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * The signed-in user and tokens, in memory and in local storage. Authenticated means both are
 * present (docs/product.md §6). Other tabs' changes arrive through `storage` events.
 */
export function createAuthStore(storageArg: Storage | undefined) {
  const storage = safeStorage(storageArg);
  let state: AuthState = { user: null, tokens: null, initialized: false };
  const listeners = new Set<() => void>();

  const emit = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  function readUser(): SessionUser | null {
    return pickSessionUser(decodeValue(storage?.getItem(USER_KEY) ?? null));
  }

  /** Reads the tokens as stored right now — another tab may have rotated them. */
  function readStoredTokens(): Tokens | null {
    return pickTokens(decodeValue(storage?.getItem(TOKENS_KEY) ?? null));
  }

  function write(key: string, value: unknown) {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, encodeValue(value));
    } catch {
      // Storage full or blocked: the session still works in memory for this tab.
    }
  }

  function fromStorage(): Pick<AuthState, 'user' | 'tokens'> {
    const user = readUser();
    const tokens = readStoredTokens();
    // Half a session is no session.
    return user && tokens ? { user, tokens } : { user: null, tokens: null };
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Restores the stored session and marks the store initialized. */
    restore() {
      const stored = fromStorage();
      emit(stored.user ? { ...stored, initialized: true } : SIGNED_OUT);
    },
    readStoredTokens,
    setAuth(user: SessionUser, tokens: Tokens) {
      write(USER_KEY, user);
      write(TOKENS_KEY, tokens);
      emit({ user, tokens, initialized: true });
    },
    setTokens(tokens: Tokens) {
      write(TOKENS_KEY, tokens);
      emit({ ...state, tokens });
    },
    updateUser(patch: Partial<SessionUser>) {
      if (!state.user) return;
      const user = { ...state.user, ...patch };
      write(USER_KEY, user);
      emit({ ...state, user });
    },
    /** Ends the session; `loggedOut` when the user asked for it. */
    clear(loggedOut = false) {
      write(USER_KEY, null);
      write(TOKENS_KEY, null);
      emit({ user: null, tokens: null, initialized: true, loggedOut });
    },
    /** Applies a change another tab made to the same storage. */
    syncFromStorage(key: string | null) {
      if (key !== null && key !== USER_KEY && key !== TOKENS_KEY) return;
      const next = fromStorage();
      if (next.user === null && state.user === null) return;
      emit({ ...next, initialized: true });
    },
  };
}

export const authStore = createAuthStore(typeof window === 'undefined' ? undefined : window.localStorage);
authStore.restore();
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === null || event.storageArea === window.localStorage) authStore.syncFromStorage(event.key);
  });
}

export function isAuthenticated(state: AuthState): boolean {
  return state.user !== null && state.tokens !== null;
}

const signedOut = () => SIGNED_OUT;

/** The session; while hydrating a page drawn by the server, a visitor's, then the stored one (ADR 0038). */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, signedOut);
}
