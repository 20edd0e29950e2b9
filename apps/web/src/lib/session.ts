import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { navigateTo } from './navigation.ts';

/**
 * Logout (docs/product.md §4): revoke on the server when possible, clear, go to the login page. The
 * store records that the user logged out, so a signed-in-only page's guard does not remember
 * itself as the place to return to (the next login goes to '/').
 */
export async function signOut(): Promise<void> {
  await api.logout();
  queryClient.clear();
  await navigateTo('/auth/login', { replace: true });
}
