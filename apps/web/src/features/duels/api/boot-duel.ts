import { FIRST_DUEL_GLOBAL, type FirstDuel } from '../../../boot/first-duel.ts';

// The hand-over from the home page's early script (src/boot/first-duel.ts), which asks for the
// visitor id and the first global duel before the app's code has arrived.

// The app has started: an early script arriving after this point stands down (first-duel.ts), so it
// never asks for a second visitor id beside the app's own.
if (typeof window !== 'undefined' && !(FIRST_DUEL_GLOBAL in window)) {
  (window as unknown as Record<string, FirstDuel | null>)[FIRST_DUEL_GLOBAL] = null;
}

const handOver = (): FirstDuel | null | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as Record<string, FirstDuel | null | undefined>)[FIRST_DUEL_GLOBAL];

let idTaken = false;

/**
 * The visitor id the early script is getting or got, so the app does not ask the server for a second
 * one meanwhile: once (an id the server refuses later is replaced by a fresh one); null when the
 * script did not run or got none.
 */
export function earlyVisitorId(): Promise<string | null> {
  const early = handOver();
  if (!early || idTaken) return Promise.resolve(null);
  idTaken = true;
  return early.voterId.catch(() => null);
}

/** Whether the early script's visitor id is still to be taken: then the app asks for none of its own. */
export const earlyVisitorIdPending = (): boolean => !!handOver() && !idTaken;

let taken = false;

/** The early script's first global duel, once (a duel token is single use); null if there is none. */
export function takeEarlyDuel(): { at: number; answer: Promise<unknown> } | null {
  const early = handOver();
  if (!early || taken) return null;
  taken = true;
  return { at: early.at, answer: early.duel };
}
