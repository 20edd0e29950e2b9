import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { FeedbackStatus } from '@manto/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { MY_FEEDBACKS_PAGE_SIZE, myFeedbacksQuery } from '../api/my-feedbacks-api.ts';

const STATUS_BADGES: Record<FeedbackStatus, { variant: 'filled' | 'light' | 'outline'; color?: string }> = {
  pending: { variant: 'outline' },
  reviewed: { variant: 'light' },
  resolved: { variant: 'filled' },
};

/** "Meus feedbacks" on the profile: what the member sent and where each one stands. */
export function MyFeedbacks() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useQuery(myFeedbacksQuery(page));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={52} />
        ))}
      </Stack>
    );
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (query.data.total === 0)
    body = (
      <Stack gap={4}>
        <Text fw={700}>{t('profile.feedbacks.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('profile.feedbacks.emptyDescription')}
        </Text>
      </Stack>
    );
  else
    body = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((item) => (
            <li key={item.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  {/* The member's own words, as text. */}
                  <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`common:feedback.types.${item.type}`)} ·{' '}
                    <time dateTime={item.createdAt}>
                      {t('profile.feedbacks.sentAt', { date: date.format(new Date(item.createdAt)) })}
                    </time>
                  </Text>
                </div>
                <Badge {...STATUS_BADGES[item.status]} style={{ minWidth: 'max-content' }}>
                  {t(`common:feedback.statuses.${item.status}`)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
        <PageControls
          total={query.data.total}
          pageSize={MY_FEEDBACKS_PAGE_SIZE}
          page={page}
          onChange={setPage}
          size="sm"
        />
      </>
    );

  return (
    <Paper withBorder shadow="sm" p="lg">
      <Title order={2} fz={20} mb="md" id="my-feedbacks">
        {t('profile.feedbacks.title')}
      </Title>
      {body}
    </Paper>
  );
}
