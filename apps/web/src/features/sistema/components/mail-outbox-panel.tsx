import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailOutboxCounts, OutboxMail } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#lib/api-client.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';
import { mailOutboxQuery, sistemaKeys } from '../api/queries.ts';
import { retryMail } from '../api/sistema-api.ts';
import { SistemaListBody } from './sistema-list-body.tsx';

const COUNTS: { key: keyof MailOutboxCounts; color: string }[] = [
  { key: 'pending', color: 'blue' },
  { key: 'failed', color: 'yellow' },
  { key: 'dead', color: 'red' },
];

/**
 * The mail outbox on the Sistema dashboard, for Admins: how many mails wait, are being retried or were
 * given up on, and the given-up ones with a button that sends each again (with a fresh link).
 */
export function MailOutboxPanel() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const outbox = useQuery(mailOutboxQuery(page));
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (mail: OutboxMail) => retryMail(mail.id),
    onSuccess: (_data, mail) => notifySuccess(t('mail.retried', { recipient: mail.recipient })),
    onError: (error) => notifyError(errorMessage(error, t('common:error.description'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...sistemaKeys.all, 'mail-outbox'] }),
  });
  const number = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="mail-outbox-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="mail-outbox-title">
            {t('mail.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('mail.subtitle')}
          </Text>
        </div>
        <Group gap="sm" aria-busy={outbox.isPending || undefined}>
          {COUNTS.map(({ key, color }) =>
            outbox.isPending ? (
              <Skeleton key={key} height={26} width={110} radius="xl" />
            ) : (
              <Badge key={key} size="lg" variant="light" color={color} tt="none">
                {t(`mail.counts.${key}`, { n: number.format(outbox.data?.counts[key] ?? 0) })}
              </Badge>
            ),
          )}
        </Group>
        <SistemaListBody
          query={outbox}
          page={page}
          onPage={setPage}
          label={t('mail.deadList')}
          minWidth={640}
          spacing="xs"
          empty={{ title: t('mail.empty.title'), description: t('mail.empty.description') }}
          head={
            <>
              <Table.Th>{t('mail.columns.recipient')}</Table.Th>
              <Table.Th>{t('mail.columns.kind')}</Table.Th>
              <Table.Th>{t('mail.columns.deadAt')}</Table.Th>
              <Table.Th>{t('mail.columns.error')}</Table.Th>
              <Table.Th ta="right">{t('list.actions')}</Table.Th>
            </>
          }
          row={(mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>{mail.recipient}</Table.Td>
              <Table.Td>{t(`mail.kinds.${mail.kind}`, { defaultValue: mail.kind })}</Table.Td>
              <Table.Td>{mail.deadAt ? date.format(new Date(mail.deadAt)) : ''}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={2} title={mail.lastError ?? undefined}>
                  {mail.lastError}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  aria-label={t('mail.retryLabel', { recipient: mail.recipient })}
                  loading={retry.isPending && retry.variables?.id === mail.id}
                  onClick={() => retry.mutate(mail)}
                >
                  {t('mail.retry')}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </Card>
  );
}
