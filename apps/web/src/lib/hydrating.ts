import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True when a render must match the markup the server drew: on the server, and while the browser takes a
 * drawn page over (React reads a store's server snapshot exactly then); false in every other render,
 * including the one React runs right after taking over (ADR 0038). A screen draws what it cannot know on
 * the server (the screen's width, the visitor's clock) the same on both sides while this holds.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

let drawnAt: number | null = null;

/** The time the page was drawn at: set by the server for its drawing, and by the browser from the page. */
export function setDrawnAt(ms: number | null): void {
  drawnAt = ms;
}

/** "Now" for a render that must match the server's: the time the page was drawn at. */
export const drawnNow = (): number => drawnAt ?? Date.now();
