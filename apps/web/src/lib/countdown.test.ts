import { describe, expect, it } from 'vitest';
import { clockOf, countdownStage, refetchDelay, splitDuration } from './countdown.ts';

describe('countdown', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 12 * 60 + 5) * 1000 + 999;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 12, seconds: 5 });
    expect(clockOf(splitDuration(ms))).toBe('03:12:05');
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('has few stages, so screen readers are told rarely', () => {
    expect([7200_000, 3600_000, 600_000, 60_000, 0, -1].map(countdownStage)).toEqual([
      'far',
      'hour',
      'tenMinutes',
      'minute',
      'ended',
      'ended',
    ]);
  });

  it('looks again just after a due time, then every few seconds, at most hourly', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(refetchDelay(null, now)).toBe(false);
    expect(refetchDelay('2025-03-01T12:00:30Z', now)).toBe(31_000);
    expect(refetchDelay('2025-03-01T11:00:00Z', now)).toBe(5000);
    expect(refetchDelay('2025-04-01T12:00:00Z', now)).toBe(3600_000);
  });
});
