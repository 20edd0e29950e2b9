import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  createAuthStore,
  decodeValue,
  encodeValue,
  isAuthenticated,
  TOKENS_KEY,
  useAuth,
  USER_KEY,
} from './auth-store.ts';
import { MemoryStorage } from './testing/fake-jwt.ts';

const user = { email: 'joão@example.com', name: 'João Conceição', team: 'Grêmio', roles: ['Moderator'] };
const tokens = { accessToken: 'a.b.c', refreshToken: 'r', expiresAt: '2030-01-01T00:00:00.000Z' };

describe('auth store', () => {
  it('encodes values as base64 of UTF-8 JSON', () => {
    const encoded = encodeValue(user);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeValue(encoded)).toEqual(user);
    expect(new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)))).toBe(JSON.stringify(user));
  });

  it('starts uninitialised and restores the stored session', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_KEY, encodeValue(user));
    storage.setItem(TOKENS_KEY, encodeValue(tokens));
    const store = createAuthStore(storage);
    expect(store.getState().initialized).toBe(false);
    store.restore();
    expect(store.getState()).toEqual({ user, tokens, initialized: true });
    expect(isAuthenticated(store.getState())).toBe(true);
  });

  it('treats garbage or half a session as signed out', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_KEY, 'not base64 !!');
    storage.setItem(TOKENS_KEY, encodeValue(tokens));
    const store = createAuthStore(storage);
    store.restore();
    expect(store.getState()).toEqual({ user: null, tokens: null, initialized: true });

    storage.setItem(USER_KEY, encodeValue(user));
    storage.removeItem(TOKENS_KEY);
    store.restore();
    expect(isAuthenticated(store.getState())).toBe(false);
  });

  it('writes on sign-in, updates the user, and clears both keys', () => {
    const storage = new MemoryStorage();
    const store = createAuthStore(storage);
    store.restore();
    store.setAuth(user, tokens);
    expect(decodeValue(storage.getItem(USER_KEY))).toEqual(user);
    store.updateUser({ name: 'João C.', team: null });
    expect(decodeValue(storage.getItem(USER_KEY))).toEqual({ ...user, name: 'João C.', team: null });
    store.clear();
    expect(storage.getItem(USER_KEY)).toBeNull();
    expect(storage.getItem(TOKENS_KEY)).toBeNull();
    expect(store.getState()).toEqual({ user: null, tokens: null, initialized: true, loggedOut: false });
    store.setAuth(user, tokens);
    store.clear(true);
    expect(store.getState().loggedOut).toBe(true);
  });

  it('follows another tab through storage events', () => {
    const storage = new MemoryStorage();
    const store = createAuthStore(storage);
    store.restore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(1));
    storage.setItem(USER_KEY, encodeValue(user));
    storage.setItem(TOKENS_KEY, encodeValue(tokens));
    store.syncFromStorage(TOKENS_KEY);
    expect(store.getState().user).toEqual(user);
    storage.clear();
    store.syncFromStorage(null);
    expect(store.getState().user).toBeNull();
    store.syncFromStorage('unrelated');
    expect(seen).toHaveLength(2);
  });
});

describe('a visitor’s page drawn by the server', () => {
  it('is taken over without drawing it again: the session React finds is the one it was drawn with', async () => {
    let renders = 0;
    function Header() {
      renders += 1;
      const { user } = useAuth();
      return createElement('p', null, user ? user.name : 'Entrar');
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Header));
    renders = 0;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // The app's store, restored from this browser's storage: no session.
    const root = await act(async () => hydrateRoot(container, createElement(Header)));
    expect(container.textContent).toBe('Entrar');
    expect(renders).toBe(1);
    root.unmount();
  });
});
