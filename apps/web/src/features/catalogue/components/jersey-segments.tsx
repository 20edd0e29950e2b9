import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Standing, TeamRef } from '@manto/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IntervalBar } from '#components/interval-bar.tsx';
import { type Axis, formatScore } from '#lib/interval.ts';
import classes from './jersey-rating.module.css';
import { teamText } from '#lib/team-text.ts';
import { numberFormat } from '#lib/intl-format.ts';

interface JerseySegmentsProps {
  global: Standing;
  neutral: Standing | null;
  ownFans: Standing | null;
  team: TeamRef;
  locale: string;
}

/** One axis for every bar, a little wider than the widest interval so no dot sits on the edge. */
export function comparisonAxis(standings: Standing[]): Axis {
  const min = Math.min(...standings.map((s) => s.lower));
  const max = Math.max(...standings.map((s) => s.upper));
  const pad = Math.max((max - min) * 0.05, 1);
  return { min: min - pad, max: max + pad };
}

/** A score difference with its sign ("+42", "-8", "0"). */
export const formatDelta = (delta: number, locale: string) =>
  numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false, signDisplay: 'exceptZero' }).format(
    Math.round(delta),
  );

/**
 * The jersey's score in the global, neutral and own fans' rankings side by side on one axis
 * (docs/segments.md), so the home crowd's bias shows at a glance. Rows without a standing are left out.
 */
export function JerseySegments({ global, neutral, ownFans, team, locale }: JerseySegmentsProps) {
  const { t } = useTranslation('rankings');
  const titleId = useId();
  const n = numberFormat(locale, { maximumFractionDigits: 0 });
  const rows: { key: string; name: string; standing: Standing; link?: ReactNode }[] = [
    { key: 'global', name: t('rating.compare.global'), standing: global },
  ];
  if (neutral) rows.push({ key: 'neutral', name: t('rating.compare.neutral'), standing: neutral });
  if (ownFans) {
    rows.push({
      key: 'ownFans',
      name: t('rating.compare.ownFans', teamText(team)),
      standing: ownFans,
      link: (
        <Anchor component={Link} to={`/rankings/torcidas/${team.slug}`} size="xs">
          {t('rating.seeFans')}
        </Anchor>
      ),
    });
  }
  const axis = comparisonAxis(rows.map((r) => r.standing));
  const deltas: string[] = [];
  if (ownFans)
    deltas.push(
      t('rating.compare.deltaFans', { delta: formatDelta(ownFans.score - global.score, locale), ...teamText(team) }),
    );
  if (neutral)
    deltas.push(t('rating.compare.deltaNeutral', { delta: formatDelta(neutral.score - global.score, locale) }));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" id={titleId}>
            {t('rating.compare.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('rating.compare.description')}
          </Text>
        </div>
        {rows.map(({ key, name, standing: s, link }) => (
          <Stack key={key} gap={2} data-segment={key}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
              <Text size="sm" fw={700} style={{ minWidth: 0 }}>
                {name}{' '}
                <Text component="span" size="xs" c="dimmed" fw={400}>
                  {t('rating.compare.position', { rank: n.format(s.rank), of: n.format(s.of) })}
                </Text>
              </Text>
              <Text fw={700} className={classes.num}>
                {formatScore(s.score, locale)}
              </Text>
            </Group>
            <IntervalBar axis={axis} lower={s.lower} score={s.score} upper={s.upper} provisional={s.provisional} />
            {link}
          </Stack>
        ))}
        {deltas.length > 0 && (
          <Text size="sm" fw={700}>
            {deltas.join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
