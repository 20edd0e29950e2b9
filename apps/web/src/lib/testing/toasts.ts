import { notificationsStore } from '@mantine/notifications';

const COLORS = { success: 'teal', error: 'red' } as const;

/** The messages of the toasts of one kind shown in this test, in order (dom-setup.ts clears them after each). */
export function toasts(kind: keyof typeof COLORS): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].filter((n) => n.color === COLORS[kind]).map((n) => String(n.message));
}
