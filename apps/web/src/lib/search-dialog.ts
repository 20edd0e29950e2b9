import { dialogSwitch } from './dialog-switch.ts';

/**
 * Whether the search is open (docs/decisions/0041-search.md). The header's button, its `/` key and the
 * phone's drawer (shared layout) open it; the search feature, mounted by the app's layout at the first
 * opening, shows it.
 */
const search = dialogSwitch();

export const openSearchDialog = search.open;
export const closeSearchDialog = search.close;
export const useSearchDialogOpen = search.useOpen;

/** Whether a key press was meant for something being typed in, not for a page-wide shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
