import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfileBody, type Profile, type UpdateProfileBody } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { updateProfile } from '../api/auth-api.ts';
import { authKeys } from '../api/queries.ts';
import { GenderSelect } from './gender-select.tsx';
import { TeamSelect } from './team-select.tsx';
import { PlaceFields } from './auth-fields.tsx';

interface ProfileValues {
  name: string;
  city: string;
  state: string;
  country: string;
  gender: string | null;
  favouriteTeam: string | null;
  language: string;
  /** Keep the favourite team and region out of the segment rankings (docs/segments.md). */
  segmentOptOut: boolean;
}

const FIELDS = ['name', 'city', 'state', 'country', 'gender', 'favouriteTeam', 'language', 'segmentOptOut'] as const;

function valuesOf(profile: Profile): ProfileValues {
  return {
    name: profile.name,
    city: profile.city ?? '',
    state: profile.state ?? '',
    country: profile.country ?? '',
    gender: profile.gender,
    favouriteTeam: profile.favouriteTeam?.slug ?? null,
    language: profile.language,
    segmentOptOut: profile.segmentOptOut,
  };
}

/** PATCH /api/me sends only what changed, so a half-filled social profile can still be edited. */
function changes(values: ProfileValues, initial: ProfileValues): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const field of FIELDS) {
    const value = values[field] ?? '';
    if (value !== (initial[field] ?? '')) body[field] = value;
  }
  return body;
}

export function UpdateProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const initial = valuesOf(profile);
  const form = useForm<ProfileValues>({
    initialValues: initial,
    validate: (values) => zodFormErrors(updateProfileBody, changes(values, initial), t),
  });

  const mutation = useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(body),
    onSuccess: (updated) => {
      queryClient.setQueryData(authKeys.me(), updated);
      authStore.updateUser({ name: updated.name, team: updated.favouriteTeam?.name ?? null });
      form.setInitialValues(valuesOf(updated));
      form.setValues(valuesOf(updated));
      if (updated.language !== i18n.resolvedLanguage) void i18n.changeLanguage(updated.language);
      notifySuccess(t('profile.updated'));
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(serverFormErrors(error.details, FIELDS));
      notifyError(errorMessage(error, t('common:error.title')));
    },
  });

  return (
    <Paper withBorder shadow="sm" p="lg">
      <Title order={2} fz={20} mb="md">
        {t('profile.updateTitle')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          mutation.mutate(updateProfileBody.parse(changes(values, initial)) as UpdateProfileBody),
        )}
      >
        <Stack gap="sm">
          <TextInput label={t('fields.name')} autoComplete="name" {...form.getInputProps('name')} />
          <PlaceFields getInputProps={form.getInputProps} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <GenderSelect {...form.getInputProps('gender')} />
            <TeamSelect {...form.getInputProps('favouriteTeam')} />
          </SimpleGrid>
          <Select
            label={t('fields.language')}
            data={[
              { value: 'pt', label: 'Português' },
              { value: 'en', label: 'English' },
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('language')}
          />
          <Checkbox
            label={t('profile.segmentOptOut.label')}
            description={t('profile.segmentOptOut.help')}
            {...form.getInputProps('segmentOptOut', { type: 'checkbox' })}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
