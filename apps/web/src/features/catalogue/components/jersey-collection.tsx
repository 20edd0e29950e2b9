import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { CollectionEntry, MyCollection } from '@manto/contracts';
import { type CollectionKind, JERSEY_SIZES } from '@manto/contracts/constants';
import { IconCheck, IconHeart, IconShirtSport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myCollectionQuery, putCollectionEntry, removeCollectionEntry } from '#api/collection.ts';
import { collectionKeys } from '#api/keys.ts';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { shopEnabled } from '#lib/features.ts';
import { formatCents, parseCents } from '#lib/money.ts';
import { notifyError } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';

const ICONS = { owned: IconShirtSport, wanted: IconHeart } as const;

/**
 * "Tenho" and "Quero" on a jersey's page (ADR 0042). A visitor's buttons lead to sign-in and back here. The
 * page is drawn by the server for a visitor, and the session is a visitor's while the browser takes it over
 * (`useAuth`), so a member's buttons, pressed or not, appear only after the takeover, from their own lists.
 */
export function JerseyCollection({ jerseyId, path }: { jerseyId: string; path: string }) {
  const { t } = useTranslation('catalogue');
  const signedIn = isAuthenticated(useAuth());
  const query = useQuery({ ...myCollectionQuery(), enabled: signedIn });
  const kinds: CollectionKind[] = ['owned', 'wanted'];

  if (!signedIn)
    return (
      <Paper withBorder p="sm" component="section" aria-label={t('collection.title')}>
        <Group gap="sm" wrap="wrap">
          {kinds.map((kind) => {
            const Icon = ICONS[kind];
            return (
              <Button
                key={kind}
                component={Link}
                to={`/auth/login?redirectTo=${encodeURIComponent(path)}`}
                variant="default"
                leftSection={<Icon size={18} aria-hidden />}
              >
                {t(`collection.${kind}`)}
              </Button>
            );
          })}
          <Text size="sm" c="dimmed">
            {t('collection.signIn')}
          </Text>
        </Group>
      </Paper>
    );

  const entryOf = (kind: CollectionKind) => query.data?.[kind].find((e) => e.jersey.id === jerseyId) ?? null;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('collection.title')}>
      <Stack gap="sm">
        {kinds.map((kind) => (
          <EntryControls key={kind} kind={kind} jerseyId={jerseyId} entry={entryOf(kind)} loading={query.isPending} />
        ))}
      </Stack>
    </Paper>
  );
}

/** One list's toggle and, once the jersey is on it, its size and (wanted, with the shop on) its target price. */
function EntryControls({
  kind,
  jerseyId,
  entry,
  loading,
}: {
  kind: CollectionKind;
  jerseyId: string;
  entry: CollectionEntry | null;
  loading: boolean;
}) {
  const { t } = useTranslation(['catalogue', 'common']);
  const queryClient = useQueryClient();
  const locale = useLocale();
  // The answer is the entry as saved: the lists are changed in place (the profile reads the same ones).
  const store = (saved: CollectionEntry | null) =>
    queryClient.setQueryData<MyCollection>(collectionKeys.mine(), (lists) => {
      if (!lists) return lists;
      const others = lists[kind].filter((e) => e.jersey.id !== jerseyId);
      return { ...lists, [kind]: saved ? [saved, ...others] : others };
    });
  const onError = (error: unknown) => notifyError(errorMessage(error, t('common:error.description')));
  const toggle = useMutation({
    mutationFn: async () => {
      if (!entry) return putCollectionEntry(kind, jerseyId, {});
      await removeCollectionEntry(kind, jerseyId);
      return null;
    },
    onSuccess: store,
    onError,
  });
  const change = useMutation({
    mutationFn: (body: { size?: CollectionEntry['size']; targetPriceCents?: number | null }) =>
      putCollectionEntry(kind, jerseyId, body),
    onSuccess: store,
    onError: (error) => {
      // A price the server refuses is said on its field; anything else as a toast.
      if (error instanceof ApiError && error.details.targetPriceCents) setPriceError(error.details.targetPriceCents);
      else onError(error);
    },
  });
  const saved = entry?.targetPriceCents == null ? '' : formatCents(entry.targetPriceCents, locale);
  const [price, setPrice] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const savePrice = () => {
    if (price === null || price === saved) return;
    const text = price.trim();
    const cents = text === '' ? null : parseCents(text);
    if (text !== '' && cents === null) {
      setPriceError(t('collection.priceInvalid'));
      return;
    }
    setPriceError(null);
    change.mutate({ targetPriceCents: cents }, { onSuccess: () => setPrice(null) });
  };

  const Icon = entry ? IconCheck : ICONS[kind];
  const label = t(`collection.${kind}`);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Button
        variant={entry ? 'filled' : 'default'}
        aria-pressed={entry !== null}
        leftSection={<Icon size={18} aria-hidden />}
        loading={loading || toggle.isPending}
        onClick={() => toggle.mutate()}
        miw={110}
      >
        {label}
      </Button>
      {entry && (
        <NativeSelect
          size="xs"
          w={150}
          label={t('collection.size')}
          aria-label={t(`collection.sizeOf.${kind}`)}
          data={[
            { value: '', label: t('common:collection.noSize') },
            ...JERSEY_SIZES.map((s) => ({ value: s, label: t(`common:collection.sizes.${s}`) })),
          ]}
          value={entry.size ?? ''}
          disabled={change.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change.mutate({ size: value ? (value as CollectionEntry['size']) : null });
          }}
        />
      )}
      {entry && kind === 'wanted' && shopEnabled() && (
        <TextInput
          size="xs"
          w={180}
          label={t('collection.alertBelow')}
          inputMode="decimal"
          placeholder={formatCents(0, locale)}
          value={price ?? saved}
          error={priceError}
          onChange={(event) => setPrice(event.currentTarget.value)}
          onBlur={savePrice}
          onKeyDown={(event) => {
            if (event.key === 'Enter') savePrice();
          }}
        />
      )}
    </Group>
  );
}
