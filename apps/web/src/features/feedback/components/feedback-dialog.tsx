import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { closeFeedbackDialog, useFeedbackDialogOpen } from '#lib/feedback-dialog.ts';
import { FeedbackForm } from './feedback-form.tsx';

/** The "Enviar feedback" dialog, opened from the footer or the account menu (lib/feedback-dialog.ts). */
export function FeedbackDialog() {
  const { t } = useTranslation('common');
  const opened = useFeedbackDialogOpen();
  const signedIn = isAuthenticated(useAuth());
  const location = useLocation();
  return (
    <Modal
      opened={opened}
      onClose={closeFeedbackDialog}
      title={t('feedback.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Unmounted when closed: every opening starts from an empty form. */}
      <FeedbackForm
        signedIn={signedIn}
        pagePath={`${location.pathname}${location.search}`}
        onDone={closeFeedbackDialog}
      />
    </Modal>
  );
}
