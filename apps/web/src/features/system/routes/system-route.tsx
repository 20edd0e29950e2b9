import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasAccess } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store.ts';

/** Spec section 2's management sections; users and terms are for admins only. */
const SECTIONS = [
  { key: 'feedbacks', access: 'moderator' },
  { key: 'teams', access: 'moderator' },
  { key: 'jerseys', access: 'moderator' },
  { key: 'models', access: 'moderator' },
  { key: 'suppliers', access: 'moderator' },
  { key: 'tournaments', access: 'moderator' },
  { key: 'users', access: 'admin' },
  { key: 'terms', access: 'admin' },
] as const;

/** /sistema for moderators and admins. The sections themselves arrive with later issues. */
export function SystemRoute() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const sections = SECTIONS.filter((section) => hasAccess(section.access, auth.user?.roles ?? null));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('system.title')}
        </Title>
        <Text c="dimmed" maw={620}>
          {t('system.arriving')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {sections.map((section) => (
          <Card key={section.key} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{t(`system.sections.${section.key}`)}</Text>
              <Badge variant="light" size="sm">
                {t('system.soon')}
              </Badge>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
