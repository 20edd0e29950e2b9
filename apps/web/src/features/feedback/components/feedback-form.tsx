import { Alert, Button, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
  type FeedbackInput,
  type FeedbackType,
  feedbackInput,
} from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackKeys } from '#api/keys.ts';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { sendFeedback } from '../api/feedback-api.ts';

const FIELDS = ['type', 'title', 'message', 'email'] as const;

interface Values {
  type: FeedbackType | '';
  title: string;
  message: string;
  email: string;
}

interface FeedbackFormProps {
  /** A visitor may leave an address for a reply; a member is answered at their account. */
  signedIn: boolean;
  /** The page it is sent from (an app path). */
  pagePath: string;
  onDone: () => void;
}

/** Type, title, message and (visitors) an optional e-mail; server field errors show on their fields. */
export function FeedbackForm({ signedIn, pagePath, onDone }: FeedbackFormProps) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { type: '', title: '', message: '', email: '' },
    validate: (values) => zodFormErrors(feedbackInput, toBody(values), t),
  });

  function toBody(values: Values): FeedbackInput {
    return {
      type: values.type as FeedbackType,
      title: values.title,
      message: values.message,
      ...(signedIn ? {} : { email: values.email }),
      pagePath: pagePath.slice(0, 500),
    };
  }

  const mutation = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      notifySuccess(t('feedback.sent'));
      onDone();
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiError ? serverFormErrors(error.details, FIELDS) : {};
      form.setErrors(fieldErrors);
      // A refusal that names no field (the hourly limit, a network failure) shows above the buttons.
      setFailure(Object.keys(fieldErrors).length > 0 ? null : errorMessage(error, t('error.description')));
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        mutation.mutate(toBody(values));
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('feedback.intro')}
        </Text>
        <Radio.Group label={t('feedback.fields.type')} withAsterisk {...form.getInputProps('type')}>
          <Group gap="lg" mt={6}>
            {FEEDBACK_TYPES.map((type) => (
              <Radio key={type} value={type} label={t(`feedback.types.${type}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('feedback.fields.title')}
          placeholder={t('feedback.fields.titlePlaceholder')}
          withAsterisk
          maxLength={FEEDBACK_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('feedback.fields.message')}
          placeholder={t('feedback.fields.messagePlaceholder')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={FEEDBACK_MESSAGE_MAX}
          description={t('feedback.fields.messageCount', {
            count: form.values.message.length,
            max: FEEDBACK_MESSAGE_MAX,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('message')}
        />
        {!signedIn && (
          <TextInput
            type="email"
            autoComplete="email"
            label={t('feedback.fields.email')}
            description={t('feedback.fields.emailHelp')}
            {...form.getInputProps('email')}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('feedback.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('feedback.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
