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

/** Only same-app paths ("/x", never "//host" or "https://…") may be used as redirect targets. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  return target;
}
