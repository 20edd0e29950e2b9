import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { tournamentPreviewInput, type MatchSide, type TournamentPreviewInput } from '@manto/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#lib/api-client.ts';
import { tournamentPreviewQuery } from '../api/queries.ts';
import { jerseyName } from '../lib/jersey-name.ts';
import { roundLabelKey } from '#lib/tournaments.ts';
import classes from './tournament-form.module.css';

/** Waits for a pause in the typing and picking before asking the server. */
const DEBOUNCE_MS = 400;

const side = (entry: MatchSide) => `${entry.seed} · ${jerseyName(entry.jersey)}`;

/**
 * The form's live preview (POST /api/manage/tournaments/preview): how many active jerseys the
 * pool holds now and the first round they would play, seeded by the current ranking
 * (docs/tournaments.md §3). Asked again a moment after every change of the size or the pool.
 */
export function TournamentPreview({ body }: { body: TournamentPreviewInput }) {
  const { t } = useTranslation(['sistema', 'tournaments']);
  const headingId = useId();
  const key = JSON.stringify(body);
  const [settled] = useDebouncedValue(key, DEBOUNCE_MS);
  const request = useMemo(() => JSON.parse(settled) as TournamentPreviewInput, [settled]);
  // A pool the server would refuse anyway (no jersey picked yet, an unknown size) is not sent.
  const valid = tournamentPreviewInput.safeParse(request).success;
  const preview = useQuery(tournamentPreviewQuery(request, valid));
  const waiting = key !== settled || preview.isFetching;
  const data = valid ? preview.data : undefined;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md" className={classes.preview}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id={headingId}>
            {t('tournaments.preview.title')}
          </Title>
          {waiting && valid && <Loader size="xs" aria-label={t('tournaments.preview.loading')} />}
        </Group>
        {/* Announced as it changes; the notes inside are not alerts of their own (no double reading). */}
        <div aria-live="polite">
          {!valid ? (
            <Text size="sm" c="dimmed">
              {t('tournaments.preview.incomplete')}
            </Text>
          ) : preview.isError ? (
            <Alert color="red" variant="light" role="note" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {errorMessage(preview.error, t('tournaments.preview.failed'))}
            </Alert>
          ) : !data ? (
            <Text size="sm" c="dimmed">
              {t('tournaments.preview.loading')}
            </Text>
          ) : (
            <Stack gap="sm">
              <Text fw={700}>{t('tournaments.preview.poolCount', { count: data.poolCount })}</Text>
              {data.poolCount < data.size ? (
                <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={20} aria-hidden />}>
                  {t('tournaments.preview.tooSmall', { count: data.poolCount, size: data.size })}
                </Alert>
              ) : (
                <>
                  <Text size="sm" fw={700}>
                    {t('tournaments.preview.firstRound', { round: t(roundLabelKey(data.size, 1)) })}
                  </Text>
                  <ol className={classes.pairs}>
                    {data.firstRound.map((match) => (
                      <li key={`${match.a.jersey.id}-${match.b.jersey.id}`}>
                        <span>{side(match.a)}</span>{' '}
                        <span className={classes.versus}>{t('tournaments.preview.versus')}</span>{' '}
                        <span>{side(match.b)}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </Stack>
          )}
        </div>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconInfoCircle size={16} aria-hidden className={classes.hintIcon} />
          <Text size="xs" c="dimmed">
            {t('tournaments.preview.seedsMove')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
