import {
  type FollowKind,
  type NotificationSettings,
  followsResponse,
  notificationSettings,
  notificationsResponse,
  readNotificationsResponse,
} from '@manto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#lib/api.ts';
import { meKeys } from '#lib/me-keys.ts';

/** The signed-in member's follows and notifications (docs/notifications.md): under their own cache root. */
export const notificationKeys = {
  all: [...meKeys.all, 'notifications'] as const,
  list: (page: number) => [...notificationKeys.all, 'list', page] as const,
  follows: () => [...meKeys.all, 'follows'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How often the header's count looks again while the app is open. */
const UNREAD_EVERY_MS = 60_000;

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: () =>
      api.authorized('/me/notifications', {
        query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
        schema: notificationsResponse,
      }),
    staleTime: 0,
  });

/** The first page, read for its unread count: the header's bell. */
export const unreadQuery = () =>
  queryOptions({
    ...notificationsQuery(1),
    select: (answer) => answer.unread,
    refetchInterval: UNREAD_EVERY_MS,
    staleTime: UNREAD_EVERY_MS / 2,
  });

export const markRead = (input: { ids: string[] } | { all: true }) =>
  api.authorized('/me/notifications/read', { method: 'POST', body: input, schema: readNotificationsResponse });

export const followsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.follows(),
    queryFn: () => api.authorized('/me/follows', { schema: followsResponse }),
    staleTime: 5 * 60_000,
  });

const followingResponse = z.object({ following: z.boolean() });

export const setFollowing = (kind: FollowKind, id: string, following: boolean) =>
  api.authorized(`/me/follows/${kind}/${id}`, { method: following ? 'PUT' : 'DELETE', schema: followingResponse });

export const settingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: () => api.authorized('/me/notification-settings', { schema: notificationSettings }),
  });

export const saveSettings = (settings: NotificationSettings) =>
  api.authorized('/me/notification-settings', { method: 'PUT', body: settings, schema: notificationSettings });
