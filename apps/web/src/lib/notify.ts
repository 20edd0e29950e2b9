import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';
import { wantToasts } from './toast-host.ts';

// The close button needs an accessible name (axe: critical otherwise).
const closeButtonProps = () => ({ 'aria-label': i18n.t('common:actions.close') });

/** Toasts (docs/product.md §8): top right, 3 s — configured once on <Notifications />. */
export function notifySuccess(message: string): void {
  wantToasts();
  notifications.show({ message, color: 'teal', withBorder: true, closeButtonProps: closeButtonProps() });
}

export function notifyError(message: string): void {
  wantToasts();
  notifications.show({ message, color: 'red', withBorder: true, closeButtonProps: closeButtonProps() });
}
