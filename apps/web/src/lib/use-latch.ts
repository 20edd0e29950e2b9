import { useState } from 'react';

/**
 * True from the first render where `value` is true on. Lazily loaded overlays (dialogs, the nav
 * drawer) mount at their first opening and then stay mounted, so they can animate out and in again.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
