import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { TournamentStatus } from '@manto/contracts';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { tournamentListQuery } from '../api/queries.ts';
import { TOURNAMENTS_PAGE_SIZE } from '../api/tournaments-api.ts';
import { TournamentCard } from './tournament-card.tsx';

const COLS = { base: 1, xs: 2, md: 3 };

/** One status's tournaments ("Em andamento", "Próximos", "Encerrados"): a paged grid of cards, or why it is empty. */
export function TournamentSection({ status }: { status: TournamentStatus }) {
  const { t } = useTranslation('tournaments');
  const [page, setPage] = useState(1);
  const query = useQuery(tournamentListQuery(status, page));
  const headingId = useId();

  let body: React.ReactNode;
  if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (query.isPending)
    body = (
      // One row of card-sized boxes (one card on a phone), about the height of a row of cards or of the
      // empty state, so the sections below stay where they are when the list arrives (CLS).
      <SimpleGrid cols={COLS}>
        <Skeleton height={250} radius="lg" />
        <Skeleton height={250} radius="lg" visibleFrom="xs" />
        <Skeleton height={250} radius="lg" visibleFrom="md" />
      </SimpleGrid>
    );
  else if (query.data.items.length === 0)
    body = (
      <EmptyState
        order={3}
        icon={<IconTrophy size={30} />}
        title={t(`empty.${status}.title`)}
        description={t(`empty.${status}.description`)}
      />
    );
  else
    body = (
      <>
        <SimpleGrid cols={COLS} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {query.data.items.map((tournament) => (
            <TournamentCard key={tournament.id} tournament={tournament} />
          ))}
        </SimpleGrid>
        <PageControls total={query.data.total} pageSize={TOURNAMENTS_PAGE_SIZE} page={page} onChange={setPage} />
      </>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId} fz={{ base: 22, sm: 26 }}>
        {t(`sections.${status}`)}
      </Title>
      {body}
    </Stack>
  );
}
