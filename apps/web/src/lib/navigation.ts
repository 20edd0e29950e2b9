/**
 * In-app navigation for code outside React (the API client). The router registers itself at
 * start; until then, and in tests, a full page load does the job.
 */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => Promise<void> | void;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

/** `to` is relative to the /app base path. Settles once the new page (lazy routes included) is shown. */
export async function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void> {
  if (navigator) await navigator(to, options);
  else window.location.assign(`/app${to}`);
}

/**
 * Only same-app paths may be used as redirect targets: a route ("/torneios") or the same route by its
 * address under /app ("/app/torneios", as a shared link has it). Never "//host", "https://…" or a path
 * outside the app ("/api/…" is taken as a route, which shows the not-found screen, never the API).
 */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string') return fallback;
  const underApp = /^\/app(?=[/?#]|$)/.test(target);
  const rest = underApp ? target.slice('/app'.length) : target;
  const route = underApp && !rest.startsWith('/') ? `/${rest}` : rest;
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return fallback;
  return route;
}
