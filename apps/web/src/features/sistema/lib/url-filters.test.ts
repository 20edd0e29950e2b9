import { describe, expect, it } from 'vitest';
import { oneOf, yesNo } from './url-filters.ts';

describe('URL filters', () => {
  it('keeps a known value and drops anything else', () => {
    const kinds = ['bug', 'idea'] as const;
    expect(oneOf(kinds, 'bug')).toBe('bug');
    expect(oneOf(kinds, 'BUG')).toBeUndefined();
    expect(oneOf(kinds, null)).toBeUndefined();
  });

  it('reads sim/nao as yes/no and anything else as no filter', () => {
    expect(yesNo('sim')).toBe(true);
    expect(yesNo('nao')).toBe(false);
    expect(yesNo('true')).toBeUndefined();
    expect(yesNo(null)).toBeUndefined();
  });
});
