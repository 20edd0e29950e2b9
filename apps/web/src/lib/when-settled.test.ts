import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, whenSettled } from './when-settled.ts';

/** The page loaded (its load event ended) `ago` ms before now, as the browser's navigation entry says. */
async function loadedAgo(ago: number) {
  // The page's clock starts at 0: let some time pass, so the load event can lie in the past.
  await vi.advanceTimersByTimeAsync(10_000);
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  const loadEventEnd = performance.now() - ago;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd } as PerformanceNavigationTiming]);
}

async function settledAfter(): Promise<number> {
  let done = false;
  void whenSettled().then(() => (done = true));
  let waited = 0;
  while (!done && waited < 10_000) {
    await vi.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  return waited;
}

describe('whenSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'readyState');
  });

  it('waits SETTLE_MS after a load that has just ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await loadedAgo(0);
    const waited = await settledAfter();
    expect(waited).toBeGreaterThanOrEqual(SETTLE_MS);
  });

  it('waits only what is left of SETTLE_MS on a screen opened after the page loaded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await loadedAgo(SETTLE_MS - 500);
    const waited = await settledAfter();
    expect(waited).toBeLessThan(SETTLE_MS / 2);
    expect(waited).toBeGreaterThanOrEqual(500);
  });

  it('stays quiet when the page is gone before it settles', async () => {
    // A test file's DOM is torn down while this timer still runs; a throw there fails the whole run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await loadedAgo(0);
    void whenSettled();
    vi.stubGlobal('window', undefined);
    try {
      expect(() => vi.advanceTimersByTime(SETTLE_MS + 1000)).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
