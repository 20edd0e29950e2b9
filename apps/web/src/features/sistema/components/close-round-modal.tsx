import { Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManageTournament } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { notifySuccess } from '#lib/notify.ts';
import { closeTournamentRound } from '../api/sistema-api.ts';
import { invalidateAfterChange } from '../api/queries.ts';
import { roundCount, roundLabelKey } from '#lib/tournaments.ts';
import type { Editor } from './use-editor.ts';
import { ConfirmBody } from './confirm-body.tsx';

/**
 * "Encerrar rodada agora" (docs/tournaments.md §5): asks first, since the round's matches are
 * decided at once by the votes so far and the next round opens. The request names the round shown in
 * the question, so a refusal (409 ROUND_NOT_OPEN: that round was closed meanwhile, by someone else or
 * on schedule) closes nothing else and is shown in the dialog in the server's words.
 */
export function CloseRoundModal({
  editor,
  name,
}: {
  editor: Editor<ManageTournament>;
  name: (t: ManageTournament) => string;
}) {
  const { t } = useTranslation(['sistema', 'tournaments']);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: closeTournamentRound,
    onSuccess: (saved) => {
      notifySuccess(
        saved.status === 'completed'
          ? t('tournaments.closeRound.doneFinal')
          : t('tournaments.closeRound.done', { name: name(saved) }),
      );
      editor.close();
      return invalidateAfterChange(queryClient, 'tournaments');
    },
    // Refused because the round changed meanwhile: the list behind the dialog catches up.
    onError: () => invalidateAfterChange(queryClient, 'tournaments'),
  });

  const close = () => {
    if (mutation.isPending) return;
    editor.close();
  };
  const failure =
    mutation.isError && !(mutation.error instanceof SessionEndedError)
      ? errorMessage(mutation.error, t('tournaments.closeRound.failed'))
      : null;
  const tournament = editor.item;

  return (
    <Modal
      opened={editor.opened}
      onClose={close}
      onExitTransitionEnd={() => mutation.reset()}
      title={t('tournaments.closeRound.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {tournament && (
        <ConfirmBody
          question={t('tournaments.closeRound.question', {
            round: t(roundLabelKey(tournament.size, tournament.currentRound ?? 1)),
            name: name(tournament),
          })}
          detail={t(
            tournament.currentRound === roundCount(tournament.size)
              ? 'tournaments.closeRound.explainFinal'
              : 'tournaments.closeRound.explain',
          )}
          failure={failure}
          pending={mutation.isPending}
          onCancel={close}
          onConfirm={() => mutation.mutate({ id: tournament.id, round: tournament.currentRound ?? 1 })}
          confirmLabel={t('tournaments.closeRound.confirm')}
        />
      )}
    </Modal>
  );
}
