import { notifications } from '@mantine/notifications';

/** Toasts (spec section 8): top right, 3 s — configured once on <Notifications />. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}
