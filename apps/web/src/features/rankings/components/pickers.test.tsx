import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePickers } from './pickers.ts';

describe('usePickers', () => {
  it('loads the pickers at a keyboard user’s first key, before the page has settled', async () => {
    // Not ready: nothing asks for the code on its own yet.
    const { result } = renderHook(() => usePickers(false));
    expect(result.current).toBeNull();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(typeof result.current?.SegmentControls).toBe('function');
  });
});
