import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconBuildingFactory2,
  IconCalendarEvent,
  IconTags,
  IconTournament,
  IconTrophy,
  IconEyeOff,
  IconMessageCircle,
  IconPackage,
  IconPackageOff,
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
import { shopEnabled } from '#lib/features.ts';
import { dashboardQuery } from '../api/queries.ts';
import { MailOutboxPanel } from '../components/mail-outbox-panel.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { STOCK_PARAM } from '../lib/stock-param.ts';
import { useLocale } from '#lib/use-locale.ts';

interface Tile {
  /** Its label under dashboard.counts. */
  key: string;
  count: (dashboard: Dashboard) => number;
  icon: Icon;
  /** The section that lists these records. */
  to: string;
  /** Only Admins may open the list (the tile still shows the count to Moderators). */
  adminOnly?: boolean;
  /** A shop list: with the shop off there is no such route, so the tile shows its count without a link. */
  shop?: boolean;
}

const TILES: Tile[] = [
  { key: 'activeJerseys', count: (d) => d.activeJerseys, icon: IconShirtSport, to: '/sistema/camisas' },
  { key: 'inactiveJerseys', count: (d) => d.inactiveJerseys, icon: IconEyeOff, to: '/sistema/camisas' },
  { key: 'teams', count: (d) => d.teams, icon: IconShield, to: '/sistema/times' },
  { key: 'models', count: (d) => d.models, icon: IconTags, to: '/sistema/modelos' },
  { key: 'suppliers', count: (d) => d.suppliers, icon: IconBuildingFactory2, to: '/sistema/fornecedores' },
  {
    key: 'activeUsers',
    count: (d) => d.activeUsers,
    icon: IconUsers,
    to: '/sistema/usuarios?ativo=sim',
    adminOnly: true,
  },
  // Tournaments per derived status (docs/tournaments.md §2), each opening the list with that filter.
  ...(['ongoing', 'upcoming', 'completed'] as const).map((status) => ({
    key: `tournaments.${status}`,
    count: (d: Dashboard) => d.tournaments[status],
    icon: status === 'ongoing' ? IconTournament : status === 'upcoming' ? IconCalendarEvent : IconTrophy,
    to: `/sistema/torneios?situacao=${status}`,
  })),
  {
    key: 'pendingFeedbacks',
    count: (d) => d.pendingFeedbacks,
    icon: IconMessageCircle,
    to: '/sistema/feedbacks?situacao=pending',
  },
  // The shop's inventory is counted whether or not the shop is open (the API keeps products either way);
  // its links lead to Sistema → Produtos, which exists only with the shop on.
  {
    key: 'inventoryUnits',
    count: (d) => d.inventory.totalUnits,
    icon: IconPackage,
    // Units are summed over every product, low ones included: the whole list, not `stock=in`.
    to: '/sistema/produtos',
    shop: true,
  },
  {
    key: 'inventoryLow',
    count: (d) => d.inventory.lowStock,
    icon: IconAlertTriangle,
    to: `/sistema/produtos?${STOCK_PARAM}=low`,
    shop: true,
  },
  {
    key: 'inventoryOut',
    count: (d) => d.inventory.outOfStock,
    icon: IconPackageOff,
    to: `/sistema/produtos?${STOCK_PARAM}=out`,
    shop: true,
  },
];

/** /sistema — the catalogue's, the tournaments' and the shop inventory's counts, each linking to the section that manages them; for Admins, the mail outbox. */
export function SistemaDashboardRoute() {
  const { t } = useTranslation('sistema');
  const auth = useAuth();
  const isAdmin = hasAccess('admin', auth.user?.roles ?? null);
  const locale = useLocale();
  const dashboard = useQuery(dashboardQuery());
  const format = new Intl.NumberFormat(locale);
  const shop = shopEnabled();

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
                      {format.format(tile.count(dashboard.data))}
                    </Text>
                  )}
                  <Text c="dimmed" size="sm" fw={700}>
                    {label}
                  </Text>
                </div>
              </Group>
            );
            return (!tile.adminOnly || isAdmin) && (!tile.shop || shop) ? (
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
