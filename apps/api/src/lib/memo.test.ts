import { describe, expect, it, vi } from 'vitest';
import { memo } from './memo.ts';

describe('memo', () => {
  it('computes a key once, and again only after it was dropped as the oldest of a full memory', () => {
    const compute = vi.fn((key: string) => `${key}!`);
    const f = memo(2, compute);
    expect([f('a'), f('a'), f('b')]).toEqual(['a!', 'a!', 'b!']);
    expect(compute).toHaveBeenCalledTimes(2);
    f('c'); // full: 'a' goes
    expect(f('b')).toBe('b!');
    expect(compute).toHaveBeenCalledTimes(3);
    expect(f('a')).toBe('a!');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
