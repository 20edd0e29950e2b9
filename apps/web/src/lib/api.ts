import { createApiClient, SESSION_ENDED_QUERY, type LockManagerLike } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { i18n } from './i18n.ts';
import { navigateTo } from './navigation.ts';
import { meKeys } from './me-keys.ts';
import { queryClient } from './query-client.ts';

function browserLocks(): LockManagerLike | undefined {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return undefined;
  return { request: (name, callback) => locks.request(name, callback) };
}

/** The browser's fetch; a page drawn by the server answers its calls in-process instead (entry-server.tsx). */
let apiFetch = (input: string, init: RequestInit) => window.fetch(input, init);
export function setApiFetch(fetch: typeof apiFetch): void {
  apiFetch = fetch;
}

/** The app's one API client: Accept-Language from i18next, Bearer tokens from the auth store. */
export const api = createApiClient({
  fetch: (input, init) => apiFetch(input, init),
  store: authStore,
  getLanguage: () => i18n.resolvedLanguage ?? i18n.language ?? 'pt',
  hardRedirect: (url) => window.location.assign(url),
  goToLogin: (sessionEnded) =>
    void navigateTo(sessionEnded ? `/auth/login?${SESSION_ENDED_QUERY}` : '/auth/login', { replace: true }),
  locks: browserLocks(),
  onTermsNotAccepted: () => void queryClient.invalidateQueries({ queryKey: meKeys.all }),
});
