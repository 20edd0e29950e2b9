import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { navigateTo } from './navigation.ts';

/** Logout (spec section 4): revoke on the server when possible, clear, go to the login page. */
export async function signOut(): Promise<void> {
  await api.logout();
  queryClient.clear();
  navigateTo('/auth/login', { replace: true });
}
