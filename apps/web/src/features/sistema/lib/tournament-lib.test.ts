import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-input.ts';
import { durationBounds, durationOf, toRoundHours } from './duration.ts';

describe('round duration', () => {
  it('shows whole days in days and anything else in hours', () => {
    expect(durationOf(24)).toEqual({ amount: 1, unit: 'days' });
    expect(durationOf(336)).toEqual({ amount: 14, unit: 'days' });
    expect(durationOf(36)).toEqual({ amount: 36, unit: 'hours' });
    expect(durationOf(1)).toEqual({ amount: 1, unit: 'hours' });
  });

  it('converts the amount and unit to roundHours', () => {
    expect(toRoundHours({ amount: 2, unit: 'days' })).toBe(48);
    expect(toRoundHours({ amount: 14, unit: 'days' })).toBe(336);
    expect(toRoundHours({ amount: 36, unit: 'hours' })).toBe(36);
    // Empty is not zero: the contract then says the duration is out of range.
    expect(toRoundHours({ amount: '', unit: 'hours' })).toBeNaN();
  });

  it('bounds each unit by 1 hour to 14 days', () => {
    expect(durationBounds('hours')).toEqual({ min: 1, max: 336 });
    expect(durationBounds('days')).toEqual({ min: 1, max: 14 });
  });
});

describe('start field', () => {
  it('round-trips a moment through the datetime-local value, to the minute', () => {
    const moment = new Date(2030, 4, 17, 20, 5, 42);
    expect(toLocalInput(moment)).toBe('2030-05-17T20:05');
    expect(new Date(fromLocalInput('2030-05-17T20:05')).getTime()).toBe(new Date(2030, 4, 17, 20, 5).getTime());
  });

  it('gives nothing for an empty or unreadable value', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('amanhã')).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });
});
