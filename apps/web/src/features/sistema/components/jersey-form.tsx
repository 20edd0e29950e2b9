import { Alert, Button, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { jerseyInput, type ImageRef, type JerseyInput, type ManageJersey } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { createJersey, updateJersey } from '../api/sistema-api.ts';
import { invalidateAfterChange, optionsQuery } from '../api/queries.ts';
import { ColorField } from './color-field.tsx';
import { FormActions } from './form-modal.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { showSaveError } from './save-error.ts';
import { accentInsensitive, toSelectData } from '#lib/select-filter.ts';

interface JerseyValues {
  teamId: string | null;
  modelId: string | null;
  supplierId: string | null;
  /** NumberInput gives '' while empty. */
  season: number | string;
  modelYear: string;
  mainColor: string;
  imageId: string;
  imageSourceText: string;
  imageSourceUrl: string;
  description: string;
  descriptionEn: string;
  masterSponsor: string;
  active: boolean;
}

const FIELDS = [
  'teamId',
  'modelId',
  'supplierId',
  'season',
  'modelYear',
  'mainColor',
  'imageId',
  'imageSourceText',
  'imageSourceUrl',
  'description',
  'descriptionEn',
  'masterSponsor',
  'active',
] as const;

const valuesOf = (jersey: ManageJersey | null, teamId: string | null): JerseyValues => ({
  teamId: jersey?.teamId ?? teamId,
  modelId: jersey?.modelId ?? null,
  supplierId: jersey?.supplierId ?? null,
  season: jersey?.season ?? '',
  modelYear: jersey?.modelYear ?? '',
  mainColor: jersey?.mainColor ?? '',
  imageId: jersey?.imageId ?? '',
  imageSourceText: jersey?.imageSourceText ?? '',
  imageSourceUrl: jersey?.imageSourceUrl ?? '',
  description: jersey?.description ?? '',
  descriptionEn: jersey?.descriptionEn ?? '',
  masterSponsor: jersey?.masterSponsor ?? '',
  active: jersey?.active ?? true,
});

/** The body jerseyInput validates; an empty year is "missing" ('Ano obrigatório'), not zero. */
const toInput = (values: JerseyValues) => ({
  ...values,
  teamId: values.teamId ?? '',
  modelId: values.modelId ?? '',
  supplierId: values.supplierId ?? '',
  season: values.season === '' ? undefined : values.season,
});

interface JerseyFormProps {
  jersey: ManageJersey | null;
  /** The team chosen in the list's filter, pre-selected for a new jersey. */
  defaultTeamId: string | null;
  onDone: () => void;
}

/** Create or edit a jersey (POST / PUT /api/manage/jerseys). */
export function JerseyForm({ jersey, defaultTeamId, onDone }: JerseyFormProps) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const options = useQuery(optionsQuery());
  const [image, setImage] = useState<ImageRef | null>(jersey?.image ?? null);
  const form = useForm<JerseyValues>({
    initialValues: valuesOf(jersey, defaultTeamId),
    validate: (values) => zodFormErrors(jerseyInput, toInput(values), t),
  });

  const mutation = useMutation({
    mutationFn: (body: JerseyInput) => (jersey ? updateJersey(jersey.id, body) : createJersey(body)),
    onSuccess: () => {
      notifySuccess(t(jersey ? 'jerseys.updated' : 'jerseys.created'));
      onDone();
      return invalidateAfterChange(queryClient, 'jerseys');
    },
    onError: (error) => showSaveError(error, FIELDS, form.setErrors, t('form.failed')),
  });

  const loading = options.isPending;
  const selectProps = {
    required: true,
    searchable: true,
    filter: accentInsensitive,
    allowDeselect: false,
    disabled: loading,
    placeholder: loading ? t('form.optionsLoading') : t('form.choose'),
    nothingFoundMessage: t('form.nothingFound'),
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 280,
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(jerseyInput.parse(toInput(values))))}>
      <Stack gap="sm">
        {options.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
            {t('form.optionsFailed')}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void options.refetch()}>
              {t('form.retry')}
            </Button>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('jerseys.fields.team')}
            data={toSelectData(options.data?.teams ?? [])}
            {...selectProps}
            {...form.getInputProps('teamId')}
          />
          <Select
            label={t('jerseys.fields.model')}
            data={toSelectData(options.data?.models ?? [])}
            {...selectProps}
            {...form.getInputProps('modelId')}
          />
          <Select
            label={t('jerseys.fields.supplier')}
            data={toSelectData(options.data?.suppliers ?? [])}
            {...selectProps}
            {...form.getInputProps('supplierId')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('jerseys.fields.season')}
            required
            min={1870}
            max={2100}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            {...form.getInputProps('season')}
          />
          <TextInput
            label={t('jerseys.fields.modelYear')}
            required
            placeholder={t('jerseys.fields.modelYearPlaceholder')}
            maxLength={20}
            {...form.getInputProps('modelYear')}
          />
          <ColorField label={t('jerseys.fields.mainColor')} required {...form.getInputProps('mainColor')} />
        </SimpleGrid>
        <ImageUploadField
          label={t('jerseys.fields.image')}
          kind="jersey"
          required
          value={image}
          error={form.errors.imageId}
          onChange={(next) => {
            setImage(next);
            form.setFieldValue('imageId', next?.id ?? '');
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('jerseys.fields.imageSourceText')}
            required
            maxLength={200}
            {...form.getInputProps('imageSourceText')}
          />
          <TextInput
            label={t('jerseys.fields.imageSourceUrl')}
            type="url"
            placeholder="https://"
            maxLength={500}
            {...form.getInputProps('imageSourceUrl')}
          />
        </SimpleGrid>
        <TextInput label={t('jerseys.fields.masterSponsor')} maxLength={100} {...form.getInputProps('masterSponsor')} />
        <Textarea
          label={t('jerseys.fields.description')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('jerseys.fields.descriptionEn')}
          description={t('form.englishHelp')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('descriptionEn')}
        />
        <Switch label={t('jerseys.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <FormActions onCancel={onDone} pending={mutation.isPending} creating={!jersey} />
      </Stack>
    </form>
  );
}
