import { useHydrating } from './hydrating.ts';

/**
 * The time zone to show times in: the browser's, except in a page the server draws and while the browser
 * takes it over, where it is UTC on both sides (the server cannot know the visitor's), then the browser's
 * at the next render (ADR 0038). Times keep their length across the change, so nothing moves.
 */
export function useTimeZone(): string {
  const hydrating = useHydrating();
  return hydrating ? 'UTC' : browserTimeZone();
}

let timeZone: string | undefined;

/** Read once: building the formatter that tells it is costly on a phone, and every date on a page asks. */
function browserTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
}
