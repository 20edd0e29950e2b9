import { Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  CURRENCY,
  NOTIFICATION_TOPICS,
  type Follow,
  type Notification,
  type NotificationTopic,
} from '@manto/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  followsQuery,
  markRead,
  notificationKeys,
  notificationsQuery,
  saveSettings,
  setFollowing,
  settingsQuery,
} from '../api/notifications-api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { dateTimeFormat, numberFormat } from '#lib/intl-format.ts';
import { jerseyName, jerseyPath, localName } from '#lib/names.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { tournamentName } from '#lib/tournaments.ts';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../api/notifications-api.ts';

/** /notificacoes: what the member was told, what they follow, and which topics come by e-mail. */
export function NotificationsRoute() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('notifications.title')}
        </Title>
        <Text c="dimmed">{t('notifications.subtitle')}</Text>
      </div>
      <NotificationList />
      <Follows />
      <EmailSettings />
    </Stack>
  );
}

/** Where a notification leads: its jersey's page, or its tournament's. */
function targetOf(n: Notification): string | null {
  if (n.tournament) return `/torneios/${n.tournament.slug}`;
  return n.jersey ? jerseyPath(n.jersey) : null;
}

function NotificationText({ n }: { n: Notification }) {
  const { t, i18n } = useTranslation('common');
  const money = numberFormat(useLocale(), { style: 'currency', currency: CURRENCY });
  const values = {
    offer: money.format((n.offerPriceCents ?? 0) / 100),
    target: money.format((n.targetPriceCents ?? 0) / 100),
    jersey: n.jersey ? jerseyName(n.jersey) : '',
    tournament: n.tournament ? tournamentName(n.tournament, i18n.resolvedLanguage) : '',
    round: n.round,
    rank: n.rank,
    previousRank: n.previousRank,
  };
  const key = n.kind === 'tournament_finished' && !n.jersey ? 'tournament_finished_none' : n.kind;
  return <>{t(`notifications.kind.${key}`, values)}</>;
}

function NotificationList() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(notificationsQuery(page));
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => notifyError(errorMessage(error, t('notifications.failed'))),
  });
  const date = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notifications-list">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="notifications-list">
          {t('notifications.list')}
        </Title>
        {(list.data?.unread ?? 0) > 0 && (
          <Button variant="light" size="xs" loading={read.isPending} onClick={() => read.mutate({ all: true })}>
            {t('notifications.readAll')}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Skeleton height={160} aria-busy />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('error.description'))} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState order={3} title={t('notifications.empty')} description={t('notifications.emptyDescription')} />
      ) : (
        <>
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.items.map((n) => {
              const to = targetOf(n);
              return (
                <Group
                  key={n.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={n.read ? 400 : 700}>
                      {to ? (
                        <Anchor
                          component={Link}
                          to={to}
                          inherit
                          onClick={() => !n.read && read.mutate({ ids: [n.id] })}
                        >
                          <NotificationText n={n} />
                        </Anchor>
                      ) : (
                        <NotificationText n={n} />
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <time dateTime={n.createdAt}>{date.format(new Date(n.createdAt))}</time>
                      {!n.read && ` · ${t('notifications.unread')}`}
                    </Text>
                  </div>
                  {!n.read && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      style={{ flexShrink: 0 }}
                      onClick={() => read.mutate({ ids: [n.id] })}
                    >
                      {t('notifications.markRead')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
          <PageControls page={page} total={list.data.total} pageSize={NOTIFICATIONS_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Paper>
  );
}

function followName(f: Follow, language: string | undefined): { name: string; to: string } {
  if (f.jersey) return { name: jerseyName(f.jersey), to: jerseyPath(f.jersey) };
  if (f.team) return { name: localName(f.team), to: `/camisas/time/${f.team.slug}` };
  return { name: tournamentName(f.tournament!, language), to: `/torneios/${f.tournament!.slug}` };
}

function Follows() {
  const { t, i18n } = useTranslation('common');
  const queryClient = useQueryClient();
  const follows = useQuery(followsQuery());
  const stop = useMutation({
    mutationFn: (f: Follow) => setFollowing(f.kind, f.id, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.follows() }),
    onError: (error) => notifyError(errorMessage(error, t('follow.failed'))),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notifications-follows">
      <Title order={2} size="h4" id="notifications-follows" mb="sm">
        {t('notifications.follows')}
      </Title>
      {follows.isPending ? (
        <Skeleton height={80} aria-busy />
      ) : follows.isError ? (
        <ErrorState
          message={errorMessage(follows.error, t('error.description'))}
          onRetry={() => void follows.refetch()}
        />
      ) : follows.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notifications.followsEmpty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {follows.data.items.map((f) => {
            const { name, to } = followName(f, i18n.resolvedLanguage);
            return (
              <Group key={`${f.kind}:${f.id}`} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  <Text span size="xs" c="dimmed" mr={6}>
                    {t(`follow.kind.${f.kind}`)}
                  </Text>
                  <Anchor component={Link} to={to} inherit>
                    {name}
                  </Anchor>
                </Text>
                <Button
                  variant="default"
                  size="compact-xs"
                  aria-label={t('follow.stopLabel', { name })}
                  onClick={() => stop.mutate(f)}
                >
                  {t('follow.stop')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

function EmailSettings() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings(), saved);
      notifySuccess(t('notifications.emailSaved'));
    },
    onError: (error) => notifyError(errorMessage(error, t('notifications.failed'))),
  });
  const chosen = settings.data?.email ?? [];
  const toggle = (topic: NotificationTopic, on: boolean) =>
    save.mutate({ email: on ? [...chosen, topic] : chosen.filter((x) => x !== topic) });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notifications-email">
      <Title order={2} size="h4" id="notifications-email" mb={4}>
        {t('notifications.email')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('notifications.emailHelp')}
      </Text>
      {settings.isError ? (
        <ErrorState
          message={errorMessage(settings.error, t('error.description'))}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Stack gap="xs">
          {NOTIFICATION_TOPICS.map((topic) => (
            <Checkbox
              key={topic}
              label={t(`notifications.topic.${topic}`)}
              checked={chosen.includes(topic)}
              disabled={settings.isPending || save.isPending}
              onChange={(event) => toggle(topic, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
