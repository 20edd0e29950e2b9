import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Whether a page the server drew is being taken over: set by the browser's entry, cleared at the first navigation. */
let takingOver = false;

/**
 * The browser's entry sets it before React takes a drawn page over; the app clears it at the first
 * navigation, when every part of the page has been taken over (React finishes a part before it handles
 * input in it).
 */
export function setTakingOver(value: boolean): void {
  takingOver = value;
}

const never = () => () => undefined;

/**
 * True when a render must match the markup the server drew: on the server, and while the browser takes a
 * drawn page over; false in every other render (ADR 0038). A screen draws what it cannot know on the server
 * (the screen's width, the visitor's clock) the same on both sides while this holds.
 *
 * React tells which renders take markup over (a store's server snapshot is read exactly then), including the
 * parts it takes over after the rest (each Suspense boundary's); the screen then turns to the browser's own
 * values in a transition, which React renders in slices that leave the main thread to the visitor's input.
 * (With the store alone, React re-rendered every such screen at once, synchronously: a ranking's rows twice,
 * the longest task of its page on a phone, docs/perf/first-screen.md.) The store reads as the server's while
 * the page is being taken over, so that re-render never comes.
 */
export function useHydrating(): boolean {
  const drawing = useSyncExternalStore(
    never,
    () => takingOver,
    () => true,
  );
  const [hydrating, setHydrating] = useState(drawing);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating;
}

/** The screen a page was drawn for, as the server guessed it from the request: a phone's or a wider one. */
export type ScreenGuess = 'narrow' | 'wide';

let screenGuess: ScreenGuess | null = null;

/** Set by the server for its drawing, and by the browser from the page, before React takes it over. */
export function setScreenGuess(guess: ScreenGuess | null): void {
  screenGuess = guess;
}

/**
 * Which of a screen's two layouts (a phone's, a wider screen's) a render draws, where only the screen's
 * width can choose: null once the browser's own width decides; while the page is drawn or taken over, the
 * one the server guessed for it, or 'both' where it could not guess (CSS then shows the right one). A
 * single layout is drawn shown whatever the width: a wrong guess reads as the other screen's layout until
 * the takeover, never as nothing.
 */
export function useDrawnLayout(): ScreenGuess | 'both' | null {
  const hydrating = useHydrating();
  return hydrating ? (screenGuess ?? 'both') : null;
}

let drawnAt: number | null = null;

/** The time the page was drawn at: set by the server for its drawing, and by the browser from the page. */
export function setDrawnAt(ms: number | null): void {
  drawnAt = ms;
}

/** "Now" for a render that must match the server's: the time the page was drawn at. */
export const drawnNow = (): number => drawnAt ?? Date.now();
