import type { Clock } from '#lib/clock.ts';

/**
 * A clock that stands still until a test moves it: decision times, token ages and limit windows are
 * then exactly what the test says, however slow the machine. Starts at the real time, so what the
 * database stamps with its own now() stays close.
 */
export class TestClock implements Clock {
  private current: number;

  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a clock only moves forward (advance(${ms}))`);
    this.current += ms;
  }
}
