import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQuery } from '../features/auth/api/profile-query.ts';
import { authStore, isAuthenticated, useAuth } from '#lib/auth-store.ts';

/**
 * The roles kept with the session come from the login answer; an Admin may change them since
 * (Sistema → Usuários). Each page load reads the profile once and keeps the stored roles in step,
 * so a new Moderator sees the Sistema link after a reload and a demoted one loses it. The server
 * checks roles on every request anyway (plugins/access.ts); this only keeps the menus honest.
 */
export function useRoleRefresh(): void {
  const auth = useAuth();
  const signedIn = isAuthenticated(auth);
  const profile = useQuery({ ...profileQuery(), enabled: signedIn, staleTime: Infinity });
  const stored = auth.user;
  const fresh = profile.data;
  useEffect(() => {
    if (!stored || !fresh || fresh.email.toLowerCase() !== stored.email.toLowerCase()) return;
    const same = fresh.roles.length === stored.roles.length && fresh.roles.every((r) => stored.roles.includes(r));
    if (!same) authStore.updateUser({ roles: fresh.roles });
  }, [stored, fresh]);
}
