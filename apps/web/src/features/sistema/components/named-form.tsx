import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modelInput, supplierInput, type ImageRef, type ManageNamed, type NamedInput } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { type NamedKind, createNamed, updateNamed } from '../api/sistema-api.ts';
import { invalidateAfterChange } from '../api/queries.ts';
import { FormActions } from './form-modal.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { showSaveError } from './save-error.ts';

interface NamedValues {
  name: string;
  nameEn: string;
  logoImageId: string | null;
}

interface NamedFormProps {
  kind: NamedKind;
  record: ManageNamed | null;
  /** Suppliers have a logo; models do not. */
  withLogo: boolean;
  onDone: () => void;
}

/** Create or edit a model or a supplier (POST / PUT /api/manage/{models|suppliers}). */
export function NamedForm({ kind, record, withLogo, onDone }: NamedFormProps) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<ImageRef | null>(record?.logo ?? null);
  // Each kind's own contract: a model's refuses a logo field (ADR 0032).
  const schema = withLogo ? supplierInput : modelInput;
  const form = useForm<NamedValues>({
    initialValues: { name: record?.name ?? '', nameEn: record?.nameEn ?? '', logoImageId: record?.logo?.id ?? null },
    validate: (values) => zodFormErrors(schema, toInput(values), t),
  });
  const fields = withLogo ? ['name', 'logoImageId'] : ['name', 'nameEn'];

  /** Both contracts are strict: a model sends its names, a supplier (a brand) its name and logo. */
  function toInput({ name, nameEn, logoImageId }: NamedValues): NamedInput {
    return withLogo ? { name, logoImageId } : { name, nameEn };
  }

  const mutation = useMutation({
    mutationFn: (body: NamedInput) => (record ? updateNamed(kind, record.id, body) : createNamed(kind, body)),
    onSuccess: (saved) => {
      notifySuccess(t(record ? `${kind}.updated` : `${kind}.created`, { name: saved.name }));
      onDone();
      return invalidateAfterChange(queryClient, kind);
    },
    onError: (error) => showSaveError(error, fields, form.setErrors, t('form.failed')),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(schema.parse(toInput(values))))}>
      <Stack gap="sm">
        <TextInput
          label={t(`${kind}.fields.name`)}
          required
          data-autofocus
          maxLength={60}
          {...form.getInputProps('name')}
        />
        {!withLogo && (
          <TextInput
            label={t(`${kind}.fields.nameEn`)}
            description={t('form.englishHelp')}
            maxLength={60}
            {...form.getInputProps('nameEn')}
          />
        )}
        {withLogo && (
          <ImageUploadField
            label={t(`${kind}.fields.logo`)}
            kind="logo"
            name={form.values.name}
            value={logo}
            removable
            error={form.errors.logoImageId}
            onChange={(image) => {
              setLogo(image);
              form.setFieldValue('logoImageId', image?.id ?? null);
            }}
          />
        )}
        <FormActions onCancel={onDone} pending={mutation.isPending} creating={!record} />
      </Stack>
    </form>
  );
}
