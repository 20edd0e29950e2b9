import { startTransition, useEffect, useState } from 'react';
import { whenSettled } from '#lib/when-settled.ts';

// The rankings' pickers (region, neutral, season, model, supplier) load after the first screen: Mantine's
// Select and Switch, with Combobox, Popover and Floating UI, are ≈ 76 kB gzip of code and 11 kB of CSS
// that a phone fetched and ran before the page's first paint, for controls folded away or below the
// title (docs/perf/first-screen.md). Until then stand-ins of the same size hold their place
// (picker-stand-ins.tsx), so nothing moves.

const load = () => import('./ranking-pickers.ts');
export type Pickers = Awaited<ReturnType<typeof load>>;

let loaded: Pickers | null = null;
let loading: Promise<Pickers> | null = null;
/** The screens still drawing stand-ins: all take the pickers when the code arrives, whoever asked. */
const waiting = new Set<(pickers: Pickers) => void>();

/** The pickers' code, fetched once for every ranking screen. */
export function loadPickers(): Promise<Pickers> {
  loading ??= load().then(
    (m) => {
      loaded = m;
      for (const show of waiting) show(m);
      return m;
    },
    (error: unknown) => {
      // A failed fetch (offline) is tried again by the next screen that asks.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The pickers once loaded; null before. Their code is asked for once `ready` (the screen's rows, or
 * what stands for them, have rendered) and the page has settled: on a phone, drawing Mantine's Select
 * and Switch is a long task of its own, which during the load only held the page up (docs/performance.md
 * §6). A stand-in pointed at or pressed, or any key, asks at once (picker-stand-ins.tsx).
 */
export function usePickers(ready: boolean): Pickers | null {
  const [pickers, setPickers] = useState<Pickers | null>(() => loaded);
  useEffect(() => {
    if (pickers) return;
    // In a transition: React draws the pickers in slices that leave the main thread to the visitor's input
    // (in one go, on a phone, their arrival was the page's longest task).
    const show = (m: Pickers) => startTransition(() => setPickers(() => m));
    if (loaded) return show(loaded);
    waiting.add(show);
    // A keyboard user's first key asks at once: the stand-ins cannot take focus, and the real pickers
    // then arrive before Tab reaches them.
    const onKey = () => void loadPickers().catch(() => undefined);
    window.addEventListener('keydown', onKey, { once: true });
    let live = true;
    if (ready)
      void whenSettled().then(() => {
        if (live) loadPickers().catch(() => undefined);
      });
    return () => {
      live = false;
      waiting.delete(show);
      window.removeEventListener('keydown', onKey);
    };
  }, [pickers, ready]);
  return pickers;
}
