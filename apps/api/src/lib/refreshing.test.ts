import { describe, expect, it } from 'vitest';
import { Refreshing } from './refreshing.ts';

function counter() {
  let loads = 0;
  let gate: Promise<void> = Promise.resolve();
  return {
    load: async () => {
      await gate;
      return ++loads;
    },
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
    get loads() {
      return loads;
    },
  };
}

describe('Refreshing', () => {
  it('loads once for concurrent first readers and serves that copy while young', async () => {
    let now = 0;
    const c = counter();
    const value = new Refreshing(c.load, 1000, () => now);
    expect(value.peek()).toBeNull();
    await expect(Promise.all([value.get(), value.get()])).resolves.toEqual([1, 1]);
    now = 999;
    await expect(value.get()).resolves.toBe(1);
    expect(c.loads).toBe(1);
    expect(value.peek()).toBe(1);
  });

  it('answers ready() at once only with a loaded, current copy, refreshing an old one behind it', async () => {
    let now = 0;
    const c = counter();
    const value = new Refreshing(c.load, 1000, () => now);
    expect(value.ready()).toBeUndefined();
    await value.get();
    expect(value.ready()).toBe(1);
    now = 1000;
    expect(value.ready()).toBe(1);
    await expect.poll(() => value.ready()).toBe(2);
    value.invalidate();
    expect(value.ready()).toBeUndefined();
    await expect(value.get()).resolves.toBe(3);
    expect(c.loads).toBe(3);
  });

  it('serves an old copy at once and refreshes it in the background', async () => {
    let now = 0;
    const c = counter();
    const value = new Refreshing(c.load, 1000, () => now);
    await value.get();
    now = 1000;
    const open = c.hold();
    await expect(value.get()).resolves.toBe(1);
    open();
    await new Promise((r) => setTimeout(r, 0));
    await expect(value.get()).resolves.toBe(2);
  });

  it('makes the next reader wait for a fresh copy after invalidate()', async () => {
    const c = counter();
    const value = new Refreshing(c.load, 60_000);
    await value.get();
    value.invalidate();
    await expect(value.get()).resolves.toBe(2);
  });

  it('keeps the old copy when a background refresh fails', async () => {
    let now = 0;
    let fail = false;
    let loads = 0;
    const value = new Refreshing(
      async () => {
        if (fail) throw new Error('database down');
        return ++loads;
      },
      1000,
      () => now,
    );
    await value.get();
    fail = true;
    now = 5000;
    await expect(value.get()).resolves.toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    await expect(value.get()).resolves.toBe(1);
  });
});
