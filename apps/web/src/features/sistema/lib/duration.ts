import { ROUND_HOURS_MAX, ROUND_HOURS_MIN } from '@manto/contracts';

/** The form shows a round's duration in days when it is a whole number of days, else in hours. */
export type DurationUnit = 'hours' | 'days';

export interface Duration {
  /** NumberInput gives '' while empty. */
  amount: number | string;
  unit: DurationUnit;
}

/** roundHours (docs/tournaments.md §1: 1 hour to 14 days) as the form shows it. */
export function durationOf(roundHours: number): Duration {
  return roundHours % 24 === 0 ? { amount: roundHours / 24, unit: 'days' } : { amount: roundHours, unit: 'hours' };
}

/**
 * The form's amount and unit as roundHours; NaN when empty, so the contract's check reports it
 * ('roundDurationRange') like any value out of range.
 */
export function toRoundHours({ amount, unit }: Duration): number {
  const value = amount === '' ? Number.NaN : Number(amount);
  return unit === 'days' ? value * 24 : value;
}

/** Bounds of the amount field in each unit. */
export const durationBounds = (unit: DurationUnit) =>
  unit === 'days' ? { min: 1, max: ROUND_HOURS_MAX / 24 } : { min: ROUND_HOURS_MIN, max: ROUND_HOURS_MAX };
