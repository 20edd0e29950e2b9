import { Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { notifySuccess } from '#lib/notify.ts';
import { type SistemaResource, invalidateAfterChange } from '../api/queries.ts';
import type { Editor } from './use-editor.ts';
import { ConfirmBody } from './confirm-body.tsx';

interface ConfirmDeleteModalProps<T extends { id: string }> {
  editor: Editor<T>;
  /** 'Excluir o time Flamengo?' */
  question: (item: T) => string;
  remove: (id: string) => Promise<void>;
  section: SistemaResource;
  successMessage: string;
}

/**
 * Asks before deleting (docs/product.md §8). A refusal — 409 IN_USE says how many jerseys still use
 * the record — is shown in the dialog, in the server's words, so the user can read it and cancel.
 */
export function ConfirmDeleteModal<T extends { id: string }>({
  editor,
  question,
  remove,
  section,
  successMessage,
}: ConfirmDeleteModalProps<T>) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      notifySuccess(successMessage);
      editor.close();
      return invalidateAfterChange(queryClient, section);
    },
  });

  const close = () => {
    if (mutation.isPending) return;
    editor.close();
  };
  const failure =
    mutation.isError && !(mutation.error instanceof SessionEndedError)
      ? errorMessage(mutation.error, t('delete.failed'))
      : null;

  return (
    <Modal
      opened={editor.opened}
      onClose={close}
      onExitTransitionEnd={() => mutation.reset()}
      title={t('delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {editor.item && (
        <ConfirmBody
          question={question(editor.item)}
          detail={t('delete.irreversible')}
          failure={failure}
          pending={mutation.isPending}
          onCancel={close}
          onConfirm={() => editor.item && mutation.mutate(editor.item.id)}
          confirmLabel={t('delete.confirm')}
          confirmProps={{ color: 'red' }}
        />
      )}
    </Modal>
  );
}
