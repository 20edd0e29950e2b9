import { type ComponentType, createElement, use } from 'react';

/** Every part by name: how to load its code. */
const parts = new Map<string, () => Promise<unknown>>();
/** The parts a drawing showed (the server's, one page at a time). */
const shown = new Set<string>();
/** The parts whose code was asked for and has not arrived. */
const loading = new Set<Promise<unknown>>();

/**
 * A part of a screen whose code loads on demand (like React.lazy, under a Suspense boundary) and which a page
 * the server draws may show. The server's drawing waits for its code and draws again (entry-server.tsx),
 * and names the parts it showed, so the browser has their code before it takes the page over (main.tsx): a
 * part still loading then would be drawn anew, its fallback in between.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let asked: Promise<ComponentType<P>> | null = null;
  const start = () => {
    if (!asked) {
      asked = load().then((component) => (loaded = component));
      const pending = asked;
      loading.add(pending);
      const settled = () => void loading.delete(pending);
      pending.then(settled, settled);
    }
    return asked;
  };
  parts.set(name, start);
  function Part(props: P) {
    shown.add(name);
    return createElement(loaded ?? use(start()), props);
  }
  Part.displayName = name;
  return Part;
}

/** Waits for the parts asked for so far; false when none was loading. */
export async function partsLoaded(): Promise<boolean> {
  if (loading.size === 0) return false;
  await Promise.allSettled([...loading]);
  return true;
}

/** The parts shown since the last call (the server's drawing of one page). */
export function takeShownParts(): string[] {
  const names = [...shown];
  shown.clear();
  return names;
}

/** Loads the code of the named parts (those a page the server drew showed). */
export const loadParts = (names: string[]) => Promise.all(names.map((name) => parts.get(name)?.()));
