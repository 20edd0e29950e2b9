import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconShirtSport, IconSwords } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAuthenticated, useAuth } from '../../../lib/auth-store.ts';
import classes from './home-route.module.css';

const HIGHLIGHTS = [
  { key: 'duel', icon: IconSwords },
  { key: 'ranking', icon: IconChartBar },
  { key: 'collection', icon: IconShirtSport },
] as const;

/** The home page until the global duel arrives: what Manto is, and a way in. */
export function HomeRoute() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const signedIn = isAuthenticated(auth);

  return (
    <Stack gap={40}>
      <section className={classes.hero} aria-labelledby="home-title">
        <IconShirtSport className={classes.shirt} stroke={1} aria-hidden />
        <Stack gap="lg" className={classes.content}>
          <Title order={1} id="home-title" className={classes.title}>
            {t('brand.name')}
          </Title>
          <Text className={classes.pitch}>{t('home.pitch')}</Text>
          {signedIn && auth.user ? (
            <Group gap="sm">
              <Text fw={700}>{t('home.greeting', { name: auth.user.name.split(' ')[0] })}</Text>
              <Button component={Link} to="/auth/perfil" variant="default">
                {t('home.profile')}
              </Button>
            </Group>
          ) : (
            <Group gap="sm">
              <Button component={Link} to="/auth/registrar" size="md">
                {t('home.signUp')}
              </Button>
              <Button component={Link} to="/auth/login" size="md" variant="default">
                {t('home.signIn')}
              </Button>
            </Group>
          )}
        </Stack>
      </section>

      <section aria-labelledby="home-highlights">
        <Title order={2} id="home-highlights" fz={22} mb="md">
          {t('home.highlightsTitle')}
        </Title>
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
