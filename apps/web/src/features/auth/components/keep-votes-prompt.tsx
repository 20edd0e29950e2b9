import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meKeys } from '#api/keys.ts';
import { errorMessage } from '#lib/api-client.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { dropStoredVisitorId } from '#lib/voter.ts';
import { getVisitorVotes, keepVisitorVotes } from '../api/visitor-votes-api.ts';
import { profileQuery } from '../api/queries.ts';

/**
 * A member who voted in this browser before signing in is asked, once, whether their account keeps those votes
 * (and so their ranking). Either answer drops the browser's visitor id, so the question is not asked again;
 * closing the dialog asks again on the next visit. Not while newer terms wait: the API refuses writes then.
 */
export function KeepVotesPrompt({ voterId }: { voterId: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const profile = useQuery({ ...profileQuery(), staleTime: Infinity });
  const waiting = useQuery({
    queryKey: [...meKeys.all, 'visitor-votes', voterId],
    queryFn: () => getVisitorVotes(voterId),
    enabled: profile.data?.termsPending === false,
    staleTime: Infinity,
  });
  const done = () => {
    dropStoredVisitorId(voterId);
    setClosed(true);
  };
  const keep = useMutation({
    mutationFn: () => keepVisitorVotes(voterId),
    onSuccess: ({ attached }) => {
      done();
      notifySuccess(t('keepVotes.kept', { count: attached }));
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error, t('keepVotes.failed'))),
  });
  const votes = waiting.data?.votes ?? 0;
  // Nothing to keep (all kept already, or none cast): the id has served its purpose here.
  const nothing = waiting.data?.votes === 0;
  useEffect(() => {
    if (nothing) dropStoredVisitorId(voterId);
  }, [nothing, voterId]);

  return (
    <Modal
      opened={!closed && votes > 0}
      onClose={() => setClosed(true)}
      centered
      title={t('keepVotes.title')}
      closeButtonProps={{ 'aria-label': t('keepVotes.later') }}
    >
      <Stack gap="md">
        <Text>{t('keepVotes.body', { count: votes })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={done} disabled={keep.isPending}>
            {t('keepVotes.discard')}
          </Button>
          <Button onClick={() => keep.mutate()} loading={keep.isPending}>
            {t('keepVotes.keep')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
