import { Badge, Button, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconRestore, IconShieldCheck, IconUserCheck } from '@tabler/icons-react';
import type { VoterFlag } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';
import { PAGE_SIZE } from '../api/sistema-api.ts';
import { restoreVoterFlag, voteFlagKeys, voterFlagsQuery } from '../api/vote-flags-api.ts';
import { SistemaListBody } from '../components/sistema-list-body.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { ConfirmBody } from '../components/confirm-body.tsx';
import { oneOf } from '../lib/url-filters.ts';

const STATUSES = ['open', 'restored', 'all'] as const;
type Status = (typeof STATUSES)[number];

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The voter as moderators may see them: the member's name, or the pseudonymous tag (never an e-mail). */
const voterName = (flag: VoterFlag) => flag.userName ?? flag.voter;

/**
 * /sistema/votos-suspeitos — the voters (or networks) the ranking fit set aside as outliers
 * (docs/ranking.md §6), open ones first, and a confirmed restore that makes their votes count again.
 * The API answers the whole list (at most 500, open first), so the filter and pages are local.
 */
export function SistemaVoteFlagsRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const status: Status = oneOf(STATUSES, params.get('situacao')) ?? 'open';
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<VoterFlag | null>(null);

  const flags = useQuery({
    ...voterFlagsQuery(),
    select: (data) => {
      const matching = data.items.filter((f) =>
        status === 'all' ? true : status === 'open' ? f.restoredAt === null : f.restoredAt !== null,
      );
      // After a restore the last page may be gone: show the last one left.
      const shown = Math.min(page, Math.max(1, Math.ceil(matching.length / PAGE_SIZE)));
      return { items: matching.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE), total: matching.length };
    },
  });

  const number = new Intl.NumberFormat(locale);
  const zScore = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  const choose = (value: string) => {
    setPage(1);
    setParams(value === 'open' ? {} : { situacao: value }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('voteFlags.title')} description={t('voteFlags.subtitle')} />
      <SegmentedControl
        value={status}
        onChange={choose}
        aria-label={t('voteFlags.filter')}
        data={STATUSES.map((value) => ({ value, label: t(`voteFlags.statuses.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <SistemaListBody
        query={flags}
        page={page}
        onPage={setPage}
        label={t('voteFlags.title')}
        minWidth={760}
        empty={{
          title: status === 'restored' ? t('voteFlags.empty.restored') : t('voteFlags.empty.title'),
          description: t('voteFlags.empty.description'),
          icon: <IconShieldCheck size={30} />,
        }}
        head={
          <>
            <Table.Th>{t('voteFlags.columns.voter')}</Table.Th>
            <Table.Th>{t('voteFlags.columns.flaggedAt')}</Table.Th>
            <Table.Th>{t('voteFlags.columns.reason')}</Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {t('voteFlags.columns.zScore')}
            </Table.Th>
            <Table.Th ta="right">{t('voteFlags.columns.votes')}</Table.Th>
            <Table.Th>{t('voteFlags.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('list.actions')}</Table.Th>
          </>
        }
        row={(flag) => (
          <Table.Tr key={flag.id}>
            <Table.Td>
              <Text size="sm" fw={600} style={NOWRAP}>
                {voterName(flag)}
              </Text>
              {flag.userName !== null && (
                <Text size="xs" c="dimmed" style={NOWRAP}>
                  {flag.voter}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={NOWRAP}>{date.format(new Date(flag.flaggedAt))}</Table.Td>
            <Table.Td>{t(`voteFlags.reasons.${flag.reason}`, { defaultValue: flag.reason })}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {flag.zScore === null ? '—' : zScore.format(flag.zScore)}
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {number.format(flag.votes)}
            </Table.Td>
            <Table.Td>
              {flag.restoredAt === null ? (
                <Badge variant="filled" tt="none">
                  {t('voteFlags.open')}
                </Badge>
              ) : (
                <>
                  <Badge variant="light" color="gray" tt="none">
                    {t('voteFlags.restoredBadge')}
                  </Badge>
                  <Text size="xs" c="dimmed" mt={4} style={NOWRAP}>
                    {date.format(new Date(flag.restoredAt))}
                  </Text>
                </>
              )}
            </Table.Td>
            <Table.Td ta="right">
              {flag.restoredAt === null && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={16} aria-hidden />}
                  aria-label={t('voteFlags.restoreLabel', { voter: voterName(flag) })}
                  onClick={() => setConfirming(flag)}
                >
                  {t('voteFlags.restore')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <RestoreModal flag={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

/** Asks before restoring, then says how many votes count again. */
function RestoreModal({ flag, onClose }: { flag: VoterFlag | null; onClose: () => void }) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  // The last flag asked about stays in the dialog while it fades out.
  const [shown, setShown] = useState(flag);
  if (flag !== null && flag !== shown) setShown(flag);
  const mutation = useMutation({
    mutationFn: (id: string) => restoreVoterFlag(id),
    onSuccess: ({ restored }) => {
      notifySuccess(t('voteFlags.restored', { count: restored }));
      onClose();
      return queryClient.invalidateQueries({ queryKey: voteFlagKeys.all() });
    },
    // A 404 means another moderator restored it first: the list catches up.
    onError: () => queryClient.invalidateQueries({ queryKey: voteFlagKeys.all() }),
  });
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const failure =
    mutation.isError && !(mutation.error instanceof SessionEndedError)
      ? errorMessage(mutation.error, t('voteFlags.restoreFailed'))
      : null;

  return (
    <Modal
      opened={flag !== null}
      onClose={close}
      onExitTransitionEnd={() => mutation.reset()}
      title={t('voteFlags.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown && (
        <ConfirmBody
          question={t('voteFlags.confirmQuestion', { voter: voterName(shown) })}
          detail={t('voteFlags.confirmDetail', { count: shown.votes })}
          failure={failure}
          pending={mutation.isPending}
          onCancel={close}
          onConfirm={() => mutation.mutate(shown.id)}
          confirmLabel={t('voteFlags.confirm')}
          confirmProps={{ leftSection: <IconUserCheck size={16} aria-hidden /> }}
        />
      )}
    </Modal>
  );
}
