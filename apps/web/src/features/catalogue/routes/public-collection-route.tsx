import { Stack, Tabs, Text, Title } from '@mantine/core';
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
      <Tabs defaultValue="owned">
        <Tabs.List>
          <Tabs.Tab value="owned">{t('collection.publicOwned', { count: owned.length })}</Tabs.Tab>
          <Tabs.Tab value="wanted">{t('collection.publicWanted', { count: wanted.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="owned">{list(owned)}</Tabs.Panel>
        <Tabs.Panel value="wanted">{list(wanted)}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
