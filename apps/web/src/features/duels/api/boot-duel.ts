import { FIRST_DUEL_GLOBAL, type FirstDuel } from '../../../boot/first-duel.ts';

// The hand-over from the home page's early script (src/boot/first-duel.ts), which asks for the
// visitor id and the first global duel before the app's code has arrived.

const handOver = (): FirstDuel | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as Record<string, FirstDuel | undefined>)[FIRST_DUEL_GLOBAL];

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

let taken = false;

/** The early script's first global duel, once (a duel token is single use); null if there is none. */
export function takeEarlyDuel(): { at: number; answer: Promise<unknown> } | null {
  const early = handOver();
  if (!early || taken) return null;
  taken = true;
  return { at: early.at, answer: early.duel };
}
