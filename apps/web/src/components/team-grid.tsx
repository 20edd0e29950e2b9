import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TeamSummary } from '@manto/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { PageControls } from './page-controls.tsx';
import { TeamCrest } from './team-crest.tsx';
import { localName } from '#lib/names.ts';

interface TeamGridProps<T> {
  query: UseQueryResult<{ items: T[]; total: number }>;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
  empty: { title: string; description: string; action?: ReactNode };
  /** One card, with its key. */
  card: (item: T) => ReactNode;
  /** Tall cards (a team with its leader) go three to a row, short ones four. */
  tall?: boolean;
}

/**
 * A paged grid of team cards (the catalogue's teams, the duel team chooser, the rankings' team
 * list): error with retry, skeletons, empty, or the cards and their pages.
 */
export function TeamGrid<T>({ query, pageSize, page, onPageChange, empty, card, tall = false }: TeamGridProps<T>) {
  const cols = tall ? { base: 1, xs: 2, md: 3 } : { base: 1, xs: 2, md: 3, lg: 4 };
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <SimpleGrid cols={cols}>
        {Array.from({ length: tall ? 6 : 8 }, (_, i) => (
          <Skeleton key={i} height={tall ? 150 : 84} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (query.data.items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <SimpleGrid cols={cols} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {query.data.items.map(card)}
      </SimpleGrid>
      <PageControls total={query.data.total} pageSize={pageSize} page={page} onChange={onPageChange} />
    </>
  );
}

/** A whole-card link to a team: crest, name, city and country, and what the screen adds below. */
export function TeamLinkCard({ team, to, children }: { team: TeamSummary; to: string; children: ReactNode }) {
  return (
    <Card component={Link} to={to} withBorder padding="md">
      <Group wrap="nowrap">
        <TeamCrest team={team} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {localName(team)}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {[team.city, team.country].filter(Boolean).join(' · ')}
          </Text>
          {children}
        </div>
      </Group>
    </Card>
  );
}
