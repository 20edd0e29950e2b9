import { hasAccess, type Access } from '@manto/contracts/roles';

/** Who may open a screen: an access rule from the contracts, or signed-out users only. */
export type RouteRule = Access | 'signedOut';

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'allow' }
  | { kind: 'forbidden' }
  /** Signed out on a screen that needs sign-in: go to login, remembering where we were unless the user logged out. */
  | { kind: 'login'; remember: boolean }
  /** Signed in on a signed-out-only screen: go to the given target. */
  | { kind: 'redirect'; to: string };

export interface GuardInput {
  rule: RouteRule;
  initialized: boolean;
  authenticated: boolean;
  roles: readonly string[];
  /** Where a signed-in user on a signed-out-only screen goes; '/' when absent (docs/product.md §9). */
  target?: string | undefined;
  /** The session just ended by the user's own logout: go to login without remembering this page. */
  loggedOut?: boolean;
}

/** The route guard of docs/product.md §2, as a pure function. */
export function decideGuard({
  rule,
  initialized,
  authenticated,
  roles,
  target,
  loggedOut = false,
}: GuardInput): GuardDecision {
  if (!initialized) return { kind: 'loading' };
  if (rule === 'signedOut') return authenticated ? { kind: 'redirect', to: target ?? '/' } : { kind: 'allow' };
  if (rule === 'public') return { kind: 'allow' };
  if (!authenticated) return { kind: 'login', remember: !loggedOut };
  return hasAccess(rule, roles) ? { kind: 'allow' } : { kind: 'forbidden' };
}
