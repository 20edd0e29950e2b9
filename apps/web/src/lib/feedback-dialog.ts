import { useSyncExternalStore } from 'react';

/**
 * Whether the "Enviar feedback" dialog is open. The footer and the account menu (shared layout) open it;
 * the feedback feature, mounted once by the app's layout, shows it.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (opened === value) return;
  opened = value;
  for (const listener of listeners) listener();
}

export const openFeedbackDialog = () => set(true);
export const closeFeedbackDialog = () => set(false);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedbackDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
}
