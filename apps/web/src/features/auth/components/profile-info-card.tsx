import { Avatar, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { Profile } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personInitials } from '#lib/initials.ts';
import { signOut } from '#lib/session.ts';
import { useLocale } from '#lib/use-locale.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** Personal info and the logout button. */
export function ProfileInfoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [leaving, setLeaving] = useState(false);
  const dash = t('profile.notInformed');
  const location = [profile.city, profile.state, profile.country].filter(Boolean).join(', ');
  const since = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
  }).format(new Date(profile.createdAt));

  return (
    <Paper withBorder shadow="sm" p="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar size={64} radius="xl" color="primary" variant="filled" aria-hidden>
            {personInitials(profile.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz={20} style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Text>
          </div>
        </Group>
        {profile.roles.length > 0 && (
          <Group gap={6}>
            {profile.roles.map((role) => (
              <Badge key={role} variant="light">
                {t(`roles.${role}`, { defaultValue: role })}
              </Badge>
            ))}
          </Group>
        )}
        <Divider />
        <Row label={t('fields.favouriteTeam')} value={profile.favouriteTeam?.name ?? dash} />
        <Row label={t('profile.location')} value={location || dash} />
        <Row label={t('fields.gender')} value={profile.gender ? t(`gender.${profile.gender}`) : dash} />
        <Row label={t('profile.memberSince')} value={since} />
        <Divider />
        <Button
          variant="default"
          color="red"
          leftSection={<IconLogout size={18} />}
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {t('profile.logout')}
        </Button>
      </Stack>
    </Paper>
  );
}
