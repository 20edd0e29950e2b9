import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Ranking, RankingRow } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { formatScore } from '#lib/interval.ts';
import { formatCount, formatWinRate } from '../lib/format.ts';
import { HelpTip } from './help-tip.tsx';
import { IntervalBar } from '#components/interval-bar.tsx';
import { JerseyNameLink, JerseyThumb } from './jersey-thumb.tsx';
import { MovementMark } from './movement-mark.tsx';
import { ProvisionalBadge } from './provisional-badge.tsx';
import classes from './rankings.module.css';
import { useLocale } from '#lib/use-locale.ts';

function JerseyCell({ row, showTeam, priority }: { row: RankingRow; showTeam: boolean; priority: boolean }) {
  const j = row.jersey;
  return (
    <Group gap="sm" wrap="nowrap">
      <JerseyThumb jersey={j} size={44} priority={priority} />
      <JerseyNameLink jersey={j} showTeam={showTeam} />
    </Group>
  );
}

/**
 * The ranking as a table (wide screens; phones and tablets get RankingList). The rows come in the server's
 * order, by score; a provisional row carries its badge where it stands (ADR 0034).
 */
export function RankingTable({ ranking }: { ranking: Ranking }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const showTeam = ranking.team === null;
  const axis = ranking.axis;
  // A segment ranking gives no vote counts (docs/segments.md): its table has no votes or win-rate columns.
  const counts = ranking.votes !== null;

  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <caption>
          <VisuallyHidden>{t('table.caption')}</VisuallyHidden>
        </caption>
        <Table.Thead className={classes.head}>
          <Table.Tr>
            <Table.Th w={56} ta="right">
              <span aria-hidden>{t('table.rankShort')}</span>
              <VisuallyHidden>{t('table.rank')}</VisuallyHidden>
            </Table.Th>
            <Table.Th w={116}>
              <Group gap={2} wrap="nowrap">
                {t('table.rankUb')}
                <HelpTip label={t('help.rankUbButton')}>{t('help.rankUb')}</HelpTip>
              </Group>
            </Table.Th>
            <Table.Th>{t('table.jersey')}</Table.Th>
            {/* Wide enough for the score's "Provisional" badge in both languages, which it used to cut. */}
            <Table.Th w={120} ta="right">
              {t('table.score')}
            </Table.Th>
            <Table.Th w={190}>
              <Group gap={2} wrap="nowrap">
                {t('table.interval')}
                <HelpTip label={t('table.interval')}>{t('help.interval')}</HelpTip>
              </Group>
              {axis && (
                <Text size="xs" c="dimmed" fw={400} className={classes.num}>
                  {t('interval.axis', { min: formatScore(axis.min, locale), max: formatScore(axis.max, locale) })}
                </Text>
              )}
            </Table.Th>
            {counts && (
              <>
                <Table.Th w={72} ta="right">
                  {t('table.votes')}
                </Table.Th>
                <Table.Th w={88} ta="right">
                  {t('table.winRate')}
                </Table.Th>
              </>
            )}
            <Table.Th w={84} ta="center">
              {t('table.trend')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ranking.items.map((row, i) => (
            <Table.Tr key={row.jersey.id}>
              <Table.Td ta="right" className={classes.rankCell}>
                <Text fw={700} size="lg" component="span">
                  {row.rank}
                </Text>
              </Table.Td>
              <Table.Td className={classes.num}>{row.rankUb}</Table.Td>
              <Table.Td maw={0}>
                <JerseyCell row={row} showTeam={showTeam} priority={i < 8} />
              </Table.Td>
              <Table.Td ta="right">
                <Text fw={700} className={classes.num}>
                  {formatScore(row.score, locale)}
                </Text>
                {row.provisional && <ProvisionalBadge size="xs" />}
              </Table.Td>
              <Table.Td>
                <IntervalBar
                  axis={axis}
                  lower={row.lower}
                  score={row.score}
                  upper={row.upper}
                  provisional={row.provisional}
                />
              </Table.Td>
              {counts && (
                <>
                  <Table.Td ta="right" className={classes.num}>
                    {formatCount(row.votes ?? 0, locale)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.num}>
                    {formatWinRate(row.winRate, locale)}
                  </Table.Td>
                </>
              )}
              <Table.Td ta="center">
                <MovementMark t={t} rank={row.rank} previousRank={row.previousRank} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
