import { useSyncExternalStore } from 'react';

/**
 * Whether a toast was ever asked for (lib/notify.ts). The toasts' host and its code (Mantine's
 * notifications and the overlays chunk they share, ≈ 45 kB gzip) mount at the first toast instead of
 * with the first screen, which they only slowed (docs/performance.md); `notifications.show` queues
 * in Mantine's store until the host mounts, so the first toast still shows.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
