import { Alert, Badge, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  FEEDBACK_NOTE_MAX,
  FEEDBACK_PRIORITIES,
  FEEDBACK_TRANSITIONS,
  type FeedbackPatch,
  type FeedbackPriority,
  type FeedbackStatus,
  type ManageFeedback,
} from '@manto/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';
import { sistemaKeys } from '../api/queries.ts';
import { updateFeedback } from '../api/sistema-api.ts';

const STATUS_COLORS: Record<FeedbackStatus, { variant: 'filled' | 'light' | 'outline'; color?: string }> = {
  // As the tournament badges: what waits stands out, what is done recedes (contrast checked by axe).
  pending: { variant: 'filled' },
  reviewed: { variant: 'outline' },
  resolved: { variant: 'light', color: 'gray' },
};
const PRIORITY_COLORS: Record<FeedbackPriority, string> = { high: 'red', medium: 'yellow', low: 'gray' };

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('common');
  return (
    <Badge {...STATUS_COLORS[status]} style={{ minWidth: 'max-content' }}>
      {t(`feedback.statuses.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: FeedbackPriority }) {
  const { t } = useTranslation('common');
  return (
    <Badge variant="dot" color={PRIORITY_COLORS[priority]} style={{ minWidth: 'max-content' }}>
      {t(`feedback.priorities.${priority}`)}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface FeedbackDetailProps {
  feedback: ManageFeedback | null;
  /** The feedback as the server answered a change. */
  onChange: (feedback: ManageFeedback) => void;
  onClose: () => void;
}

/** Reads one feedback; moves its status (reopen included), sets its priority, edits the internal note. */
export function FeedbackDetail({ feedback, onChange, onClose }: FeedbackDetailProps) {
  const { t } = useTranslation('sistema');
  return (
    <Modal
      opened={feedback !== null}
      onClose={onClose}
      title={feedback?.title ?? ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
    >
      {/* A new key per feedback: the note and priority start from the record's values. */}
      {feedback && <DetailBody key={feedback.id} feedback={feedback} onChange={onChange} />}
    </Modal>
  );
}

function DetailBody({ feedback, onChange }: { feedback: ManageFeedback; onChange: (f: ManageFeedback) => void }) {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [priority, setPriority] = useState<FeedbackPriority>(feedback.priority);
  const [note, setNote] = useState(feedback.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  // The pressed status button is disabled while saving and then replaced by the next moves: focus
  // would fall to the page, out of the dialog (and Escape with it). It goes to the first new move,
  // once the moves are enabled again: the new status may render while the mutation still counts as
  // pending, and a disabled button does not take focus.
  const statusGroup = useRef<HTMLDivElement>(null);
  const refocusStatus = useRef(false);

  const mutation = useMutation({
    mutationFn: (patch: FeedbackPatch) => updateFeedback(feedback.id, patch),
    onMutate: () => {
      setFailure(null);
      setNoteError(null);
    },
    onSuccess: (updated, patch) => {
      if (patch.status) refocusStatus.current = true;
      onChange(updated);
      void queryClient.invalidateQueries({ queryKey: sistemaKeys.feedbacks() });
      void queryClient.invalidateQueries({ queryKey: sistemaKeys.dashboard() });
      notifySuccess(patch.status ? t(`feedbacks.detail.moved.${patch.status}`) : t('feedbacks.detail.saved'));
    },
    onError: (error) => {
      const fieldNote = error instanceof ApiError ? error.details.note : undefined;
      if (fieldNote) setNoteError(fieldNote);
      else setFailure(errorMessage(error, t('common:error.description')));
    },
  });
  useEffect(() => {
    if (!refocusStatus.current || mutation.isPending) return;
    refocusStatus.current = false;
    statusGroup.current?.querySelector('button')?.focus();
  }, [feedback.status, mutation.isPending]);
  const changed = priority !== feedback.priority || note.trim() !== (feedback.note ?? '');

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="outline" color="gray">
          {t(`common:feedback.types.${feedback.type}`)}
        </Badge>
        <StatusBadge status={feedback.status} />
        <PriorityBadge priority={feedback.priority} />
      </Group>
      <div>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {t('feedbacks.detail.message')}
        </Text>
        {/* Text, never HTML: line breaks kept, markup shown as typed. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {feedback.message}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={t('feedbacks.detail.sender')}>{feedback.user?.name ?? t('feedbacks.visitor')}</Field>
        {!feedback.user && (
          <Field label={t('feedbacks.detail.email')}>{feedback.email ?? t('feedbacks.detail.noEmail')}</Field>
        )}
        <Field label={t('feedbacks.detail.sentAt')}>{date.format(new Date(feedback.createdAt))}</Field>
        <Field label={t('feedbacks.detail.updatedAt')}>{date.format(new Date(feedback.updatedAt))}</Field>
        {feedback.pagePath && <Field label={t('feedbacks.detail.page')}>{feedback.pagePath}</Field>}
        {feedback.userAgent && <Field label={t('feedbacks.detail.userAgent')}>{feedback.userAgent}</Field>}
      </SimpleGrid>
      <Divider />
      <div>
        <Text size="sm" fw={700} mb={6} id={`feedback-status-${feedback.id}`}>
          {t('feedbacks.detail.status')}
        </Text>
        <Group gap="sm" role="group" aria-labelledby={`feedback-status-${feedback.id}`} ref={statusGroup}>
          {FEEDBACK_TRANSITIONS[feedback.status].map((to) => (
            <Button
              key={to}
              variant={to === 'pending' ? 'default' : 'filled'}
              loading={mutation.isPending && mutation.variables?.status === to}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ status: to })}
            >
              {t(`feedbacks.detail.moves.${to}`)}
            </Button>
          ))}
        </Group>
      </div>
      <Select
        label={t('feedbacks.detail.priority')}
        data={FEEDBACK_PRIORITIES.map((value) => ({ value, label: t(`common:feedback.priorities.${value}`) }))}
        value={priority}
        onChange={(value) => value && setPriority(value as FeedbackPriority)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        w={200}
      />
      <Textarea
        label={t('feedbacks.detail.note')}
        description={t('feedbacks.detail.noteHelp', { max: FEEDBACK_NOTE_MAX })}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={FEEDBACK_NOTE_MAX}
        value={note}
        error={noteError}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          disabled={!changed || mutation.isPending}
          loading={mutation.isPending && mutation.variables?.status === undefined}
          onClick={() => mutation.mutate({ priority, note })}
        >
          {t('feedbacks.detail.save')}
        </Button>
      </Group>
    </Stack>
  );
}
