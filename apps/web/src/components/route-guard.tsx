import { Navigate, Outlet, useLocation, useSearchParams, type Location } from 'react-router';
import { decideGuard, type RouteRule } from '../lib/guard.ts';
import { isAuthenticated, useAuth } from '../lib/auth-store.ts';
import { safeRedirectPath } from '../lib/navigation.ts';
import { AccessDenied } from './access-denied.tsx';
import { LoadingScreen } from './loading-screen.tsx';

/** The origin a guard remembered when it sent the user to login. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function pathFromState(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined;
}

/** Where a signed-in user goes from a signed-out-only page: ?redirectTo=, the origin, or '/'. */
export function useAuthTarget(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  // `redirectTo` is what the app's own links carry; `redirect` what people and other sites tend to write.
  return safeRedirectPath(params.get('redirectTo') ?? params.get('redirect') ?? pathFromState(location.state), '/');
}

/** Spec section 2's route guard for a group of routes. */
export function RouteGuard({ rule }: { rule: RouteRule }) {
  const auth = useAuth();
  const location = useLocation();
  const target = useAuthTarget();
  const decision = decideGuard({
    rule,
    initialized: auth.initialized,
    authenticated: isAuthenticated(auth),
    roles: auth.user?.roles ?? [],
    target,
    loggedOut: auth.loggedOut === true,
  });
  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'login': {
      const state: FromState | null = decision.remember
        ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
        : null;
      return <Navigate to="/auth/login" replace state={state} />;
    }
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      return <AccessDenied />;
    case 'allow':
      return <Outlet />;
  }
}
