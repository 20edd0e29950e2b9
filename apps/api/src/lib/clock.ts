/**
 * Where the API reads the time for its rules (duel token TTL and decision time, cache ages, rate-limit
 * windows), so tests can move time instead of sleeping through it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
