import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { CollectionKind } from '@manto/contracts/constants';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sharedCollectionQuery } from '#api/collection.ts';
import { CollectionList } from '#components/collection-list.tsx';
import { DetailSkeleton } from '#components/detail-skeleton.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';

/**
 * /colecao/:shareId — a collection its member made public (ADR 0042): their name and the jerseys they have
 * and want, with ranks; no sizes or prices. A link turned off, or never made, is the not-found screen.
 */
export function PublicCollectionRoute() {
  const { t } = useTranslation('catalogue');
  const { shareId = '' } = useParams();
  const query = useQuery(sharedCollectionQuery(shareId));
  const [shown, setShown] = useState<CollectionKind>('owned');
  useDocumentTitle(query.data && t('collection.publicTitle', { name: query.data.name }));

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorState onRetry={() => void query.refetch()} />
    );

  const { name, owned, wanted } = query.data;
  const list = (items: typeof owned) =>
    items.length > 0 ? (
      <CollectionList items={items} />
    ) : (
      <Text size="sm" c="dimmed" py="sm">
        {t('collection.publicEmpty')}
      </Text>
    );
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('collection.publicTitle', { name })}
        </Title>
        <Text c="dimmed">{t('collection.publicSubtitle', { name })}</Text>
      </div>
      <SegmentedControl
        value={shown}
        onChange={(value) => setShown(value as CollectionKind)}
        data={[
          { value: 'owned', label: t('collection.publicOwned', { count: owned.length }) },
          { value: 'wanted', label: t('collection.publicWanted', { count: wanted.length }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list(shown === 'owned' ? owned : wanted)}
    </Stack>
  );
}
