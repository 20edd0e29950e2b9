import { Badge, Group, Text } from '@mantine/core';
import type { ManageUser } from '@manto/contracts';
import { useTranslation } from 'react-i18next';

/** A user's roles ('Membro' without any). */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('sistema');
  if (roles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('users.roles.member')}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      {roles.map((role) => (
        <Badge key={role} variant={role === 'Admin' ? 'filled' : 'light'} style={{ minWidth: 'max-content' }}>
          {t(`users.roles.${role === 'Admin' ? 'Admin' : 'Moderator'}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** Active or not, and unconfirmed when the email was never confirmed. */
export function StatusBadges({ user }: { user: Pick<ManageUser, 'active' | 'confirmedAt'> }) {
  const { t } = useTranslation('sistema');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge
        // Colours that keep 4.5:1 on both themes (axe): the primary light badge, or grey when it is off.
        variant={user.active ? 'light' : 'outline'}
        color={user.active ? undefined : 'gray'}
        style={{ minWidth: 'max-content' }}
      >
        {t(user.active ? 'users.status.active' : 'users.status.inactive')}
      </Badge>
      {!user.confirmedAt && (
        <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
          {t('users.status.unconfirmed')}
        </Badge>
      )}
    </Group>
  );
}
