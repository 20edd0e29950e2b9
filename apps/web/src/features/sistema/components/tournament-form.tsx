import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconClockPlay, IconLock } from '@tabler/icons-react';
import {
  TEAM_CATEGORIES,
  TOURNAMENT_SIZES,
  tournamentInput,
  type ImageRef,
  type ManageTournament,
  type TournamentInput,
  type TournamentPool,
} from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodFormErrors, type FormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { accentInsensitive, toSelectData } from '#lib/select-filter.ts';
import { useLocale } from '#lib/use-locale.ts';
import { createTournament, updateTournament } from '../api/sistema-api.ts';
import { invalidateAfterChange, optionsQuery } from '../api/queries.ts';
import { fromLocalInput, toLocalInput } from '../lib/date-input.ts';
import { durationBounds, durationOf, toRoundHours, type DurationUnit } from '../lib/duration.ts';
import { FormActions } from './form-modal.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { JerseyPicker } from './jersey-picker.tsx';
import { showSaveError } from './save-error.ts';
import { TournamentPreview } from './tournament-preview.tsx';
import classes from './tournament-form.module.css';

type Category = 'any' | (typeof TEAM_CATEGORIES)[number];

export interface TournamentValues {
  namePt: string;
  nameEn: string;
  descriptionPt: string;
  descriptionEn: string;
  coverImageId: string | null;
  size: string | null;
  /** The datetime-local input's value (local time, to the minute). */
  startsAt: string;
  /** The round duration in `unit`s; NumberInput gives '' while empty. */
  duration: number | string;
  unit: DurationUnit;
  pool: {
    kind: 'hand' | 'rule';
    jerseyIds: string[];
    teamIds: string[];
    modelIds: string[];
    supplierIds: string[];
    seasonFrom: number | string;
    seasonTo: number | string;
    category: Category;
  };
}

/** Form paths the server's `details` may name (its paths, except roundHours: see ALIASES). */
const FIELDS = [
  'namePt',
  'nameEn',
  'descriptionPt',
  'descriptionEn',
  'coverImageId',
  'size',
  'startsAt',
  'duration',
  'pool',
  'pool.jerseyIds',
  'pool.teamIds',
  'pool.modelIds',
  'pool.supplierIds',
  'pool.seasonFrom',
  'pool.seasonTo',
  'pool.category',
] as const;

/** The API's roundHours is the form's amount-and-unit pair; its messages go under the amount. */
const ALIASES: Record<string, string> = { roundHours: 'duration', 'pool.kind': 'pool' };

const renamed = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [ALIASES[field] ?? field, message]));

const DEFAULT_HOURS = 24;
const DEFAULT_SIZE = '8';

export function valuesOf(tournament: ManageTournament | null): TournamentValues {
  const pool = tournament?.pool;
  const { amount, unit } = durationOf(tournament?.roundHours ?? DEFAULT_HOURS);
  return {
    namePt: tournament?.namePt ?? '',
    nameEn: tournament?.nameEn ?? '',
    descriptionPt: tournament?.descriptionPt ?? '',
    descriptionEn: tournament?.descriptionEn ?? '',
    coverImageId: tournament?.coverImageId ?? null,
    size: tournament ? String(tournament.size) : DEFAULT_SIZE,
    startsAt: tournament ? toLocalInput(tournament.startsAt) : '',
    duration: amount,
    unit,
    pool: {
      kind: pool?.kind ?? 'hand',
      jerseyIds: pool?.kind === 'hand' ? pool.jerseyIds : [],
      teamIds: pool?.kind === 'rule' ? pool.teamIds : [],
      modelIds: pool?.kind === 'rule' ? pool.modelIds : [],
      supplierIds: pool?.kind === 'rule' ? pool.supplierIds : [],
      seasonFrom: pool?.kind === 'rule' ? (pool.seasonFrom ?? '') : '',
      seasonTo: pool?.kind === 'rule' ? (pool.seasonTo ?? '') : '',
      category: pool?.kind === 'rule' ? (pool.category ?? 'any') : 'any',
    },
  };
}

const season = (value: number | string) => (value === '' ? null : value);

export function poolOf(pool: TournamentValues['pool']): TournamentPool {
  return pool.kind === 'hand'
    ? { kind: 'hand', jerseyIds: pool.jerseyIds }
    : {
        kind: 'rule',
        teamIds: pool.teamIds,
        modelIds: pool.modelIds,
        supplierIds: pool.supplierIds,
        seasonFrom: season(pool.seasonFrom),
        seasonTo: season(pool.seasonTo),
        category: pool.category === 'any' ? null : pool.category,
      };
}

/**
 * The body tournamentInput validates. A started tournament's bracket is frozen (docs/tournaments.md
 * §2): its size, start, duration and pool are sent back exactly as the server gave them.
 * `startedNow` is the start "Começar agora" wrote, sent as the moment of saving instead.
 */
export function toInput(
  values: TournamentValues,
  tournament: ManageTournament | null,
  startedNow: string | null = null,
): TournamentInput {
  const texts = {
    namePt: values.namePt,
    nameEn: values.nameEn,
    descriptionPt: values.descriptionPt,
    descriptionEn: values.descriptionEn,
    coverImageId: values.coverImageId,
  };
  if (tournament && tournament.status !== 'upcoming') {
    const { size, startsAt, roundHours, pool } = tournament;
    return { ...texts, size, startsAt, roundHours, pool };
  }
  const unchangedStart = tournament && values.startsAt === toLocalInput(tournament.startsAt);
  return {
    ...texts,
    size: values.size === null ? Number.NaN : Number(values.size),
    startsAt: unchangedStart
      ? tournament.startsAt
      : startedNow !== null && values.startsAt === startedNow
        ? new Date().toISOString()
        : fromLocalInput(values.startsAt),
    roundHours: toRoundHours({ amount: values.duration, unit: values.unit }),
    pool: poolOf(values.pool),
  };
}

interface TournamentFormProps {
  tournament: ManageTournament | null;
  onDone: () => void;
}

/** Create or edit a tournament (POST / PUT /api/manage/tournaments), with the live preview beside it. */
export function TournamentForm({ tournament, onDone }: TournamentFormProps) {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const frozen = tournament !== null && tournament.status !== 'upcoming';
  const [cover, setCover] = useState<ImageRef | null>(tournament?.cover ?? null);
  /** The start "Começar agora" wrote, if the field still shows it. */
  const [startedNow, setStartedNow] = useState<string | null>(null);
  const form = useForm<TournamentValues>({
    initialValues: valuesOf(tournament),
    validate: (values) => renamed(zodFormErrors(tournamentInput, toInput(values, tournament), t)),
  });
  const ruleOptions = useQuery({ ...optionsQuery(), enabled: form.values.pool.kind === 'rule' });

  const mutation = useMutation({
    mutationFn: (body: TournamentInput) =>
      tournament ? updateTournament(tournament.id, body) : createTournament(body),
    onSuccess: (saved) => {
      notifySuccess(
        t(tournament ? 'tournaments.updated' : 'tournaments.created', {
          name: locale.startsWith('en') ? saved.nameEn : saved.namePt,
        }),
      );
      onDone();
      return invalidateAfterChange(queryClient, 'tournaments');
    },
    onError: (error) => showSaveError(error, FIELDS, form.setErrors, t('form.failed'), ALIASES),
  });

  const submit = form.onSubmit((values) =>
    mutation.mutate(tournamentInput.parse(toInput(values, tournament, startedNow))),
  );
  const bounds = durationBounds(form.values.unit);
  const kind = form.values.pool.kind;
  const optionProps = {
    searchable: true,
    clearable: true,
    filter: accentInsensitive,
    disabled: frozen || ruleOptions.isPending,
    placeholder: ruleOptions.isPending && !frozen ? t('form.optionsLoading') : t('tournaments.pool.any'),
    nothingFoundMessage: t('form.nothingFound'),
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 260,
  };
  const savedHandIds = tournament?.pool.kind === 'hand' ? tournament.pool.jerseyIds : [];

  const fields = (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('tournaments.fields.namePt')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('namePt')}
        />
        <TextInput label={t('tournaments.fields.nameEn')} required maxLength={100} {...form.getInputProps('nameEn')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Textarea
          label={t('tournaments.fields.descriptionPt')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.getInputProps('descriptionPt')}
        />
        <Textarea
          label={t('tournaments.fields.descriptionEn')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.getInputProps('descriptionEn')}
        />
      </SimpleGrid>
      <ImageUploadField
        label={t('tournaments.fields.cover')}
        kind="cover"
        value={cover}
        removable
        error={form.errors.coverImageId}
        onChange={(image) => {
          setCover(image);
          form.setFieldValue('coverImageId', image?.id ?? null);
        }}
      />

      <Fieldset legend={t('tournaments.fields.bracket')} variant="filled" className={classes.fieldset}>
        <Stack gap="sm">
          {frozen && (
            // A standing note, not news: no alert role (Mantine's default).
            <Alert color="blue" variant="light" role="note" icon={<IconLock size={20} aria-hidden />}>
              {t('tournaments.frozen')}{' '}
              <Anchor component={Link} to={`/torneios/${tournament.slug}`} size="sm">
                {t('tournaments.viewBracket')}
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('tournaments.fields.size')}
              description={t('tournaments.fields.sizeHint')}
              required
              data={TOURNAMENT_SIZES.map((size) => ({
                value: String(size),
                label: t('tournaments.sizeOption', { size }),
              }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              disabled={frozen}
              {...form.getInputProps('size')}
            />
            <div>
              <TextInput
                type="datetime-local"
                label={t('tournaments.fields.startsAt')}
                description={t('tournaments.fields.startsAtHint')}
                required
                disabled={frozen}
                {...form.getInputProps('startsAt')}
              />
              {!frozen && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mt={6}
                  leftSection={<IconClockPlay size={16} aria-hidden />}
                  onClick={() => {
                    const now = toLocalInput(new Date());
                    setStartedNow(now);
                    form.setFieldValue('startsAt', now);
                    form.clearFieldError('startsAt');
                  }}
                >
                  {t('tournaments.startNow')}
                </Button>
              )}
            </div>
          </SimpleGrid>
          <Group gap="sm" align="flex-start" wrap="nowrap" maw={{ sm: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}>
            <NumberInput
              label={t('tournaments.fields.duration')}
              description={t('tournaments.fields.durationHint')}
              // The hint below the box keeps the amount and its unit side by side.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              min={bounds.min}
              max={bounds.max}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              disabled={frozen}
              className={classes.grow}
              {...form.getInputProps('duration')}
            />
            <NativeSelect
              label={t('tournaments.fields.unit')}
              data={(['hours', 'days'] as const).map((unit) => ({
                value: unit,
                label: t(`tournaments.units.${unit}`),
              }))}
              value={form.values.unit}
              disabled={frozen}
              w={110}
              onChange={(event) => {
                const unit = event.currentTarget.value;
                if (unit !== 'hours' && unit !== 'days') return;
                form.setFieldValue('unit', unit);
                form.clearFieldError('duration');
              }}
            />
          </Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('tournaments.fields.pool')} variant="filled" className={classes.fieldset}>
        <Stack gap="sm">
          <Radio.Group
            label={t('tournaments.pool.kind')}
            value={kind}
            onChange={(value) => {
              form.setFieldValue('pool.kind', value === 'rule' ? 'rule' : 'hand');
              form.clearFieldError('pool');
            }}
            error={form.errors.pool}
          >
            <Group gap="lg" mt={6}>
              <Radio value="hand" label={t('tournaments.pool.hand')} disabled={frozen} />
              <Radio value="rule" label={t('tournaments.pool.rule')} disabled={frozen} />
            </Group>
          </Radio.Group>
          {kind === 'hand' ? (
            <JerseyPicker
              value={form.values.pool.jerseyIds}
              onChange={(ids) => {
                form.setFieldValue('pool.jerseyIds', ids);
                form.clearFieldError('pool.jerseyIds');
              }}
              savedIds={savedHandIds}
              error={form.errors['pool.jerseyIds']}
              disabled={frozen}
            />
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('tournaments.pool.ruleHint')}
              </Text>
              <MultiSelect
                label={t('tournaments.fields.teams')}
                data={toSelectData(ruleOptions.data?.teams ?? [])}
                clearButtonProps={{ 'aria-label': t('tournaments.pool.clearTeams') }}
                {...optionProps}
                {...form.getInputProps('pool.teamIds')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MultiSelect
                  label={t('tournaments.fields.models')}
                  data={toSelectData(ruleOptions.data?.models ?? [])}
                  clearButtonProps={{ 'aria-label': t('tournaments.pool.clearModels') }}
                  {...optionProps}
                  {...form.getInputProps('pool.modelIds')}
                />
                <MultiSelect
                  label={t('tournaments.fields.suppliers')}
                  data={toSelectData(ruleOptions.data?.suppliers ?? [])}
                  clearButtonProps={{ 'aria-label': t('tournaments.pool.clearSuppliers') }}
                  {...optionProps}
                  {...form.getInputProps('pool.supplierIds')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {(['seasonFrom', 'seasonTo'] as const).map((field) => (
                  <NumberInput
                    key={field}
                    label={t(`tournaments.fields.${field}`)}
                    placeholder={t('tournaments.pool.anySeason')}
                    min={1870}
                    max={2100}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator={false}
                    disabled={frozen}
                    {...form.getInputProps(`pool.${field}`)}
                  />
                ))}
                <Select
                  label={t('tournaments.fields.category')}
                  data={(['any', ...TEAM_CATEGORIES] as const).map((value) => ({
                    value,
                    label: t(`tournaments.categories.${value}`),
                  }))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  disabled={frozen}
                  {...form.getInputProps('pool.category')}
                />
              </SimpleGrid>
              {ruleOptions.isError && (
                <Alert color="red" variant="light" role="alert">
                  {t('form.optionsFailed')}{' '}
                  <Button variant="subtle" size="compact-sm" onClick={() => void ruleOptions.refetch()}>
                    {t('form.retry')}
                  </Button>
                </Alert>
              )}
            </Stack>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );

  return (
    <form noValidate onSubmit={submit}>
      {/* A CSS grid, not Mantine's Grid: its negative margins overflow a full-screen dialog on phones. */}
      <div className={classes.layout} data-frozen={frozen || undefined}>
        {fields}
        {!frozen && (
          <div className={classes.previewColumn}>
            <TournamentPreview body={{ size: Number(form.values.size), pool: poolOf(form.values.pool) }} />
          </div>
        )}
      </div>
      <FormActions onCancel={onDone} pending={mutation.isPending} creating={!tournament} />
    </form>
  );
}
