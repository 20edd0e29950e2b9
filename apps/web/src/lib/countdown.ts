import { useEffect, useState } from 'react';
import { drawnNow, useHydrating } from './hydrating.ts';

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left in `ms` (never negative). */
export function splitDuration(ms: number): DurationParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The ticking clock: "03:12:05", with the days in front when there are any ("2 d 03:12:05" via the caller). */
export function clockOf({ hours, minutes, seconds }: DurationParts): string {
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/**
 * The stretch of a countdown that screen readers hear about: a polite announcement when it passes one hour,
 * ten minutes, one minute and the end, never every second.
 */
export type CountdownStage = 'far' | 'hour' | 'tenMinutes' | 'minute' | 'ended';

export function countdownStage(ms: number): CountdownStage {
  if (ms <= 0) return 'ended';
  if (ms <= 60_000) return 'minute';
  if (ms <= 10 * 60_000) return 'tenMinutes';
  if (ms <= 3600_000) return 'hour';
  return 'far';
}

/**
 * The current time, refreshed every `intervalMs` while `active`. A page the server drew starts at the time
 * it was drawn (the same text on both sides), then takes the browser's clock at the next render.
 */
export function useNow(intervalMs = 1000, active = true): number {
  const hydrating = useHydrating();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, active]);
  return hydrating ? drawnNow() : now;
}

/**
 * How long until a query should look again at something due at `dueIso` (a round's end, a start): just after
 * it, then every few seconds while the server's job catches up (it runs at least every 30 s), at most an hour
 * (timers cannot wait longer than ~24 days, and clocks drift).
 */
export function refetchDelay(dueIso: string | null | undefined, now = Date.now()): number | false {
  if (!dueIso) return false;
  const due = Date.parse(dueIso);
  if (Number.isNaN(due)) return false;
  return Math.min(Math.max(5000, due - now + 1000), 3600_000);
}
