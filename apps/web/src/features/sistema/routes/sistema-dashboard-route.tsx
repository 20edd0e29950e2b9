import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconBuildingFactory2,
  IconTags,
  IconEyeOff,
  IconShield,
  IconShirtSport,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { type Dashboard, hasAccess } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { useAuth } from '#lib/auth-store.ts';
import { dashboardQuery } from '../api/queries.ts';
import { MailOutboxPanel } from '../components/mail-outbox-panel.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { useLocale } from '#lib/use-locale.ts';

interface Tile {
  key: keyof Dashboard;
  icon: Icon;
  /** The section that lists these records; none yet for users (Admin's user management comes later). */
  to: string | null;
}

const TILES: Tile[] = [
  { key: 'activeJerseys', icon: IconShirtSport, to: '/sistema/camisas' },
  { key: 'inactiveJerseys', icon: IconEyeOff, to: '/sistema/camisas' },
  { key: 'teams', icon: IconShield, to: '/sistema/times' },
  { key: 'models', icon: IconTags, to: '/sistema/modelos' },
  { key: 'suppliers', icon: IconBuildingFactory2, to: '/sistema/fornecedores' },
  { key: 'activeUsers', icon: IconUsers, to: null },
];

/** /sistema — the catalogue's counts, each linking to the section that manages them; for Admins, the mail outbox. */
export function SistemaDashboardRoute() {
  const { t } = useTranslation('sistema');
  const auth = useAuth();
  const isAdmin = hasAccess('admin', auth.user?.roles ?? null);
  const locale = useLocale();
  const dashboard = useQuery(dashboardQuery());
  const format = new Intl.NumberFormat(locale);

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('dashboard.title')} description={t('dashboard.subtitle')} />
      {dashboard.isError ? (
        <ErrorState
          message={errorMessage(dashboard.error, t('common:error.description'))}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {TILES.map((tile) => {
            const label = t(`dashboard.counts.${tile.key}`);
            const body = (
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <tile.icon size={24} stroke={1.8} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  {dashboard.isPending ? (
                    <Skeleton height={30} width={64} mb={4} />
                  ) : (
                    <Text fz={28} fw={700} lh={1.1} ff="heading">
                      {format.format(dashboard.data[tile.key])}
                    </Text>
                  )}
                  <Text c="dimmed" size="sm" fw={700}>
                    {label}
                  </Text>
                </div>
              </Group>
            );
            return tile.to ? (
              <Card
                key={tile.key}
                component={Link}
                to={tile.to}
                withBorder
                padding="lg"
                aria-busy={dashboard.isPending || undefined}
              >
                {body}
              </Card>
            ) : (
              <Card key={tile.key} withBorder padding="lg" aria-busy={dashboard.isPending || undefined}>
                {body}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {isAdmin && <MailOutboxPanel />}
    </Stack>
  );
}
