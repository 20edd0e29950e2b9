import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { UNSUBSCRIBE_TOPICS, unsubscribeResponse } from '@manto/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '#lib/api.ts';
import { errorMessage } from '#lib/api-client.ts';

type Topic = (typeof UNSUBSCRIBE_TOPICS)[number];

/**
 * /notificacoes/cancelar?u=&t=&s=: a digest's unsubscribe link, opened in the browser. It works without signing
 * in, and asks for a click first, so a mail scanner that opens every link unsubscribes no one (RFC 8058 §3).
 */
export function UnsubscribeRoute() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const topic = params.get('t') as Topic | null;
  const known = topic !== null && (UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic);
  const stop = useMutation({
    mutationFn: () =>
      api.request('/notifications/unsubscribe', {
        method: 'POST',
        body: {},
        query: { u: params.get('u') ?? '', t: topic ?? '', s: params.get('s') ?? '' },
        schema: unsubscribeResponse,
      }),
  });
  const what = known ? t(`notifications.topic.${topic}`) : '';
  return (
    <Paper withBorder radius="md" p="lg" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('notifications.unsubscribe.title')}
        </Title>
        {stop.isSuccess ? (
          <Alert color="teal" role="status" title={t('notifications.unsubscribe.done')}>
            {t('notifications.unsubscribe.doneBody')}
          </Alert>
        ) : (
          <>
            <Text>
              {known ? t('notifications.unsubscribe.ask', { topic: what }) : t('notifications.unsubscribe.bad')}
            </Text>
            {stop.isError && (
              <Alert color="red" role="alert">
                {errorMessage(stop.error, t('error.description'))}
              </Alert>
            )}
            {known && (
              <Button onClick={() => stop.mutate()} loading={stop.isPending} w="fit-content">
                {t('notifications.unsubscribe.confirm')}
              </Button>
            )}
          </>
        )}
        <Text size="sm" c="dimmed">
          <Link to="/notificacoes">{t('notifications.unsubscribe.manage')}</Link>
        </Text>
      </Stack>
    </Paper>
  );
}
