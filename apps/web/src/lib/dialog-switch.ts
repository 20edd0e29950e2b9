import { useSyncExternalStore } from 'react';

/**
 * Whether an app-wide dialog is open, outside React: the shared layout opens it (a footer link, a header
 * button, a key), a feature mounted once by the app's layout shows it. Closed on the server and while a
 * drawn page is taken over.
 */
export function dialogSwitch() {
  let opened = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (opened === value) return;
    opened = value;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    open: () => set(true),
    close: () => set(false),
    useOpen: (): boolean =>
      useSyncExternalStore(
        subscribe,
        () => opened,
        () => false,
      ),
  };
}
