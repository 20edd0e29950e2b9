import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconShirtSport, IconSwords } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link } from 'react-router';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import classes from './home-route.module.css';

const HIGHLIGHTS = [
  { key: 'duel', icon: IconSwords },
  { key: 'ranking', icon: IconChartBar },
  { key: 'collection', icon: IconShirtSport },
] as const;

/**
 * The home page: the global duel is the hero (composed in by the router, since features do not
 * import each other); below it, what Manto is and a way in for visitors.
 */
export function HomeRoute({ duel }: { duel: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(null, { home: true });
  const auth = useAuth();
  const signedIn = isAuthenticated(auth);

  return (
    <Stack gap={48}>
      {duel}

      <section aria-labelledby="home-highlights" className={classes.about}>
        <Group justify="space-between" align="end" mb="md" gap="sm">
          <div>
            <Title order={2} id="home-highlights" fz={22}>
              {t('home.highlightsTitle')}
            </Title>
            <Text c="dimmed" size="sm" maw={560}>
              {t('home.pitch')}
            </Text>
          </div>
          {signedIn && auth.user ? (
            <Group gap="sm">
              <Text fw={700}>{t('home.greeting', { name: auth.user.name.split(' ')[0] })}</Text>
              <Button component={Link} to="/auth/perfil" variant="default">
                {t('home.profile')}
              </Button>
            </Group>
          ) : (
            <Group gap="sm">
              <Button component={Link} to="/auth/registrar">
                {t('home.signUp')}
              </Button>
              <Button component={Link} to="/auth/login" variant="default">
                {t('home.signIn')}
              </Button>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg">
              <ThemeIcon size={42} radius="md" variant="light" aria-hidden mb="md">
                <Icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz={18} mb={6}>
                {t(`home.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`home.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
