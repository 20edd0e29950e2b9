import { describe, expect, it } from 'vitest';
import { formatScore, intervalGeometry } from '#lib/interval.ts';
import {
  formatCount,
  formatRelativeTime,
  formatWinRate,
  movement,
  movementSymbol,
  relativeTimeParts,
} from './format.ts';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('movement', () => {
  it('is new without a previous rank', () => {
    expect(movement(4, null)).toEqual({ kind: 'new' });
    expect(movementSymbol(movement(4, null))).toBe('');
  });
  it('moves up when the rank number gets smaller', () => {
    expect(movement(2, 5)).toEqual({ kind: 'up', by: 3 });
    expect(movementSymbol(movement(2, 5))).toBe('▲3');
  });
  it('moves down when the rank number gets larger', () => {
    expect(movement(7, 5)).toEqual({ kind: 'down', by: 2 });
    expect(movementSymbol(movement(7, 5))).toBe('▼2');
  });
  it('stays the same', () => {
    expect(movement(3, 3)).toEqual({ kind: 'same' });
    expect(movementSymbol(movement(3, 3))).toBe('=');
  });
});

describe('intervalGeometry', () => {
  const axis = { min: 900, max: 1100 };
  it('places the interval and the score in percent of the shared axis', () => {
    expect(intervalGeometry(axis, 950, 1000, 1050)).toEqual({ start: 25, end: 75, point: 50 });
    expect(intervalGeometry(axis, 900, 1100, 1100)).toEqual({ start: 0, end: 100, point: 100 });
  });
  it('clamps values outside the axis and a score outside its interval', () => {
    expect(intervalGeometry(axis, 850, 1200, 1150)).toEqual({ start: 0, end: 100, point: 100 });
    expect(intervalGeometry(axis, 950, 940, 1000).point).toBe(25);
  });
  it('accepts a reversed interval', () => {
    expect(intervalGeometry(axis, 1050, 1000, 950)).toEqual({ start: 25, end: 75, point: 50 });
  });
  it('centres everything without a usable axis', () => {
    expect(intervalGeometry(null, 950, 1000, 1050)).toEqual({ start: 50, end: 50, point: 50 });
    expect(intervalGeometry({ min: 1000, max: 1000 }, 1000, 1000, 1000)).toEqual({ start: 50, end: 50, point: 50 });
  });
});

describe('numbers per locale', () => {
  it('formats win rates as whole percentages, a dash without votes', () => {
    expect(formatWinRate(0.5349, 'pt-BR')).toBe('53%');
    expect(formatWinRate(1, 'en-GB')).toBe('100%');
    expect(formatWinRate(0, 'en-GB')).toBe('0%');
    expect(formatWinRate(null, 'pt-BR')).toBe('—');
    expect(formatWinRate(Number.NaN, 'pt-BR')).toBe('—');
  });
  it('rounds scores without grouping, and groups counts per locale', () => {
    expect(formatScore(1034.6, 'pt-BR')).toBe('1035');
    expect(formatScore(1034.4, 'en-GB')).toBe('1034');
    expect(formatScore(-12.5, 'en-GB')).toBe('-12');
    expect(formatScore(987.5, 'en-GB')).toBe('988');
    expect(formatCount(12345, 'pt-BR')).toBe('12.345');
  });
});

describe('relative time', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('picks the largest whole unit', () => {
    expect(relativeTimeParts(ago(10), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTimeParts(ago(50), now)).toEqual({ value: -50, unit: 'second' });
    expect(relativeTimeParts(ago(5 * 60 + 20), now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeTimeParts(ago(3 * 3600), now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeTimeParts(ago(2 * 86400), now)).toEqual({ value: -2, unit: 'day' });
  });
  it('reads naturally in pt and en', () => {
    expect(formatRelativeTime(ago(5), now, 'pt-BR')).toBe('agora');
    expect(formatRelativeTime(ago(5), now, 'en-GB')).toBe('now');
    expect(nbsp(formatRelativeTime(ago(300), now, 'pt-BR'))).toBe('há 5 minutos');
    expect(nbsp(formatRelativeTime(ago(300), now, 'en-GB'))).toBe('5 minutes ago');
    expect(nbsp(formatRelativeTime(ago(86400), now, 'pt-BR'))).toBe('ontem');
    expect(formatRelativeTime(ago(-600), now, 'en-GB')).toBe('now');
  });
});
