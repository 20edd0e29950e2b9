import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CollectionEntry, CollectionKind, MyCollection as Lists } from '@manto/contracts';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  myCollectionQuery,
  removeCollectionEntry,
  setCollectionPublic,
  sharedCollectionPath,
} from '#api/collection.ts';
import { collectionKeys } from '#api/keys.ts';
import { CollectionList } from '#components/collection-list.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { shareUrl } from '#components/share-button.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { formatCents } from '#lib/money.ts';
import { jerseyName } from '#lib/names.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';

/**
 * "Minha coleção" on the profile (ADR 0042): the jerseys the member has and wants, each with its size,
 * target price and place in the global ranking, a way to take one off, and the public switch (off by
 * default) with the link it makes.
 */
export function MyCollection() {
  const { t } = useTranslation(['auth', 'common']);
  const query = useQuery(myCollectionQuery());
  const queryClient = useQueryClient();
  const locale = useLocale();
  const [shown, setShown] = useState<CollectionKind>('owned');
  const onError = (error: unknown) => notifyError(errorMessage(error, t('common:error.description')));
  const remove = useMutation({
    mutationFn: ({ kind, jerseyId }: { kind: CollectionKind; jerseyId: string }) =>
      removeCollectionEntry(kind, jerseyId),
    onSuccess: (_, { kind, jerseyId }) => {
      queryClient.setQueryData<Lists>(collectionKeys.mine(), (lists) =>
        lists ? { ...lists, [kind]: lists[kind].filter((e) => e.jersey.id !== jerseyId) } : lists,
      );
      notifySuccess(t('profile.collection.removed'));
    },
    onError,
  });
  const visibility = useMutation({
    mutationFn: setCollectionPublic,
    onSuccess: (saved) =>
      queryClient.setQueryData<Lists>(collectionKeys.mine(), (lists) => (lists ? { ...lists, ...saved } : lists)),
    onError,
  });

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton height={120} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const lists = query.data;
    const details = (entry: CollectionEntry) => {
      const parts = [
        entry.size && t('common:collection.sizeLabel', { size: t(`common:collection.sizes.${entry.size}`) }),
        entry.targetPriceCents !== null &&
          t('common:collection.alertBelow', { price: formatCents(entry.targetPriceCents, locale) }),
      ].filter(Boolean);
      return parts.length > 0 ? (
        <Text size="xs" c="dimmed">
          {parts.join(' · ')}
        </Text>
      ) : null;
    };
    const list = (kind: CollectionKind) =>
      lists[kind].length === 0 ? (
        <Stack align="flex-start" gap={6} py="sm">
          <Text size="sm" c="dimmed">
            {t(kind === 'owned' ? 'profile.collection.emptyOwned' : 'profile.collection.emptyWanted')}
          </Text>
          <Anchor component={Link} to="/camisas" size="sm">
            {t('profile.collection.browse')}
          </Anchor>
        </Stack>
      ) : (
        <CollectionList
          items={lists[kind]}
          details={details}
          action={(entry) => (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('profile.collection.remove', { name: jerseyName(entry.jersey) })}
              loading={
                remove.isPending && remove.variables?.jerseyId === entry.jersey.id && remove.variables.kind === kind
              }
              onClick={() => remove.mutate({ kind, jerseyId: entry.jersey.id })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        />
      );
    const link = lists.shareId ? shareUrl(sharedCollectionPath(lists.shareId)) : null;
    body = (
      <Stack gap="md">
        {/* Mantine's Tabs lose their padding to UnstyledButton's when their styles load late; the app's
            switches between views are segmented controls. */}
        <SegmentedControl
          fullWidth
          value={shown}
          onChange={(value) => setShown(value as CollectionKind)}
          data={(['owned', 'wanted'] as const).map((kind) => ({
            value: kind,
            label: t(`profile.collection.${kind}`, { count: lists[kind].length }),
          }))}
        />
        {list(shown)}
        <Switch
          label={t('profile.collection.public')}
          description={t('profile.collection.publicDescription')}
          checked={lists.public}
          disabled={visibility.isPending}
          onChange={(event) => visibility.mutate(event.currentTarget.checked)}
        />
        {link && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('profile.collection.publicLink')}
              value={link}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={() => {
                    copy();
                    notifySuccess(t('profile.collection.copied'));
                  }}
                >
                  {t('profile.collection.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder shadow="sm" p="lg" component="section" aria-labelledby="my-collection">
      <Title order={2} fz={20} id="my-collection">
        {t('profile.collection.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.collection.description')}
      </Text>
      {body}
    </Paper>
  );
}
