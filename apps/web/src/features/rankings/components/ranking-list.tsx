import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Ranking } from '@manto/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScore } from '#lib/interval.ts';
import { formatWinRate } from '../lib/format.ts';
import { IntervalBar } from '#components/interval-bar.tsx';
import { JerseyNameLink, JerseyThumb } from './jersey-thumb.tsx';
import { MovementMark } from './movement-mark.tsx';
import { ProvisionalBadge } from './provisional-badge.tsx';
import classes from './rankings.module.css';
import { useLocale } from '#lib/use-locale.ts';

/** The ranking as a list of compact rows for phones and tablets: nothing scrolls sideways. */
export function RankingList({ ranking }: { ranking: Ranking }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const showTeam = ranking.team === null;
  const firstProvisional = ranking.items.findIndex((r) => r.provisional);

  return (
    <ul className={classes.mobileList} aria-label={t('table.caption')}>
      {ranking.items.map((row, i) => {
        const j = row.jersey;
        return (
          <Fragment key={j.id}>
            {i === firstProvisional && (
              <li className={classes.mobileItem}>
                <Group gap="xs" wrap="nowrap" align="start">
                  <ProvisionalBadge size="xs" />
                  <Text size="xs" c="dimmed">
                    {t('table.provisionalSection')}
                  </Text>
                </Group>
              </li>
            )}
            <li className={classes.mobileItem}>
              <Group gap="sm" wrap="nowrap" align="start">
                <Stack gap={2} className={classes.mobileRank} align="center">
                  <Text fw={700} size="xl" lh={1.1} className={classes.num}>
                    <VisuallyHidden>{t('table.rank')} </VisuallyHidden>
                    {row.rank}
                  </Text>
                  <MovementMark rank={row.rank} previousRank={row.previousRank} />
                </Stack>
                <JerseyThumb jersey={j} size={56} priority={i < 4} />
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" wrap="nowrap" justify="space-between" align="start">
                    <JerseyNameLink jersey={j} showTeam={showTeam} />
                    <Text fw={700} className={classes.num} style={{ flex: 'none' }}>
                      <VisuallyHidden>{t('table.score')} </VisuallyHidden>
                      {formatScore(row.score, locale)}
                    </Text>
                  </Group>
                  <Box mt={4}>
                    <IntervalBar
                      axis={ranking.axis}
                      lower={row.lower}
                      score={row.score}
                      upper={row.upper}
                      provisional={row.provisional}
                    />
                  </Box>
                  <Group gap={6} mt={2} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {t('card.record', {
                        votes: t('status.votes', { count: row.votes }),
                        winRate: formatWinRate(row.winRate, locale),
                      })}{' '}
                      · {t('table.rankUb')} {row.rankUb}
                    </Text>
                    {row.provisional && <ProvisionalBadge size="xs" />}
                  </Group>
                </Box>
              </Group>
            </li>
          </Fragment>
        );
      })}
    </ul>
  );
}
