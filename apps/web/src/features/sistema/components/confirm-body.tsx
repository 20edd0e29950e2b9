import { Alert, Button, type ButtonProps, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmBodyProps {
  question: ReactNode;
  /** What the action does, in a line under the question. */
  detail: ReactNode;
  /** The server's refusal, shown in the dialog so the moderator sees why. */
  failure: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  confirmProps?: ButtonProps;
}

/** The inside of a Sistema confirmation dialog: the question, what it does, a refusal, and cancel / confirm. */
export function ConfirmBody({
  question,
  detail,
  failure,
  pending,
  onCancel,
  onConfirm,
  confirmLabel,
  confirmProps,
}: ConfirmBodyProps) {
  const { t } = useTranslation('sistema');
  return (
    <Stack gap="md">
      <Text>{question}</Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('form.cancel')}
        </Button>
        <Button {...confirmProps} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
