/** How long after the page's load event the first screen is taken to have settled. */
export const SETTLE_MS = 3000;

/**
 * Once the first screen has settled: the page's load event, SETTLE_MS more (what is left of them when the
 * page loaded earlier, for a screen opened later), then the browser idle.
 * For code and data no first paint waits for (the deferred menus, the contracts' schemas): fetched
 * earlier, they shared a phone's slow connection and main thread with the first screen's pictures
 * and render, since the load event comes before the screen's own answers and pictures
 * (docs/perf/first-screen.md).
 */
export function whenSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      // A test's DOM can be torn down before the SETTLE_MS timer fires: nothing is left to settle then.
      if (typeof window === 'undefined') return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    const settle = () => setTimeout(idle, SETTLE_MS - sinceLoad());
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });
}

/** Milliseconds since the page's load event ended, at most SETTLE_MS; 0 when the browser does not say. */
function sinceLoad(): number {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav && nav.loadEventEnd > 0 ? Math.min(SETTLE_MS, Math.max(0, performance.now() - nav.loadEventEnd)) : 0;
}
