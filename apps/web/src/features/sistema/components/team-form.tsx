import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TEAM_ARTICLES,
  TEAM_CATEGORIES,
  teamInput,
  type ImageRef,
  type ManageTeam,
  type TeamArticle,
  type TeamInput,
} from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { createTeam, updateTeam } from '../api/sistema-api.ts';
import { invalidateAfterChange } from '../api/queries.ts';
import { ColorField } from './color-field.tsx';
import { FormActions } from './form-modal.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { showSaveError } from './save-error.ts';

interface TeamValues {
  name: string;
  nameEn: string;
  country: string;
  state: string;
  city: string;
  baseColor: string;
  category: string | null;
  article: TeamArticle;
  crestImageId: string | null;
}

const FIELDS = [
  'name',
  'nameEn',
  'country',
  'state',
  'city',
  'baseColor',
  'category',
  'article',
  'crestImageId',
] as const;

const valuesOf = (team: ManageTeam | null): TeamValues => ({
  name: team?.name ?? '',
  nameEn: team?.nameEn ?? '',
  country: team?.country ?? '',
  state: team?.state ?? '',
  city: team?.city ?? '',
  baseColor: team?.baseColor ?? '',
  category: team?.category ?? null,
  article: team?.article ?? 'o',
  crestImageId: team?.crest?.id ?? null,
});

/** The body teamInput validates: exactly its keys (it is a strict object). */
const toInput = (values: TeamValues) => ({ ...values, category: values.category ?? undefined });

/** Create or edit a team (POST / PUT /api/manage/teams). */
export function TeamForm({ team, onDone }: { team: ManageTeam | null; onDone: () => void }) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const [crest, setCrest] = useState<ImageRef | null>(team?.crest ?? null);
  const form = useForm<TeamValues>({
    initialValues: valuesOf(team),
    validate: (values) => zodFormErrors(teamInput, toInput(values), t),
  });

  const mutation = useMutation({
    mutationFn: (body: TeamInput) => (team ? updateTeam(team.id, body) : createTeam(body)),
    onSuccess: (saved) => {
      notifySuccess(t(team ? 'teams.updated' : 'teams.created', { name: saved.name }));
      onDone();
      return invalidateAfterChange(queryClient, 'teams');
    },
    onError: (error) => showSaveError(error, FIELDS, form.setErrors, t('form.failed')),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(teamInput.parse(toInput(values))))}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('teams.fields.name')} required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label={t('teams.fields.nameEn')}
            description={t('form.englishHelp')}
            {...form.getInputProps('nameEn')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('teams.fields.city')} required {...form.getInputProps('city')} />
          <TextInput label={t('teams.fields.state')} {...form.getInputProps('state')} />
          <TextInput label={t('teams.fields.country')} required {...form.getInputProps('country')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ColorField label={t('teams.fields.baseColor')} required {...form.getInputProps('baseColor')} />
          <Select
            label={t('teams.fields.category')}
            required
            placeholder={t('form.choose')}
            data={TEAM_CATEGORIES.map((value) => ({ value, label: t(`teams.categories.${value}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <Select
          label={t('teams.fields.article')}
          description={t('teams.fields.articleHelp')}
          required
          data={TEAM_ARTICLES.map((value) => ({ value, label: t(`teams.articles.${value}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('article')}
        />
        <ImageUploadField
          label={t('teams.fields.crest')}
          kind="logo"
          name={form.values.name}
          value={crest}
          removable
          error={form.errors.crestImageId}
          onChange={(image) => {
            setCrest(image);
            form.setFieldValue('crestImageId', image?.id ?? null);
          }}
        />
        <FormActions onCancel={onDone} pending={mutation.isPending} creating={!team} />
      </Stack>
    </form>
  );
}
