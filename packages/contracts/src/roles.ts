export const ROLES = ['Admin', 'Moderator'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route or open a screen. Every API route declares one. */
export type Access = 'public' | 'signedIn' | 'moderator' | 'admin';

export function hasAccess(access: Access, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (access === 'signedIn') return true;
  if (access === 'admin') return roles.includes('Admin');
  return roles.includes('Admin') || roles.includes('Moderator');
}
