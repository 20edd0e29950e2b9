import { Button, Group, Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** The create/edit dialog of a Sistema section; full screen on phones. */
export function FormModal({ opened, onClose, title, size = 'md', children }: FormModalProps) {
  const { t } = useTranslation('sistema');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}

/** Cancel and save, at the end of every Sistema form. */
export function FormActions({
  onCancel,
  pending,
  creating,
}: {
  onCancel: () => void;
  pending: boolean;
  creating: boolean;
}) {
  const { t } = useTranslation('sistema');
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {creating ? t('form.create') : t('form.save')}
      </Button>
    </Group>
  );
}
