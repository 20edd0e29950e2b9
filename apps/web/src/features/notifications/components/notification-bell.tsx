import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unreadQuery } from '../api/notifications-api.ts';

/** The header's bell for members: their unread notifications' count, and the way to the list. */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const unread = useQuery(unreadQuery()).data ?? 0;
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} aria-hidden={false}>
      <ActionIcon
        component={Link}
        to="/notificacoes"
        variant="default"
        size="lg"
        radius="md"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      >
        <IconBell size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
