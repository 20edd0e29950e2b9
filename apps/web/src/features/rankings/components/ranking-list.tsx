import type { Ranking, RankingRow } from '@manto/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatScore } from '#lib/interval.ts';
import { formatWinRate } from '../lib/format.ts';
import { IntervalBar } from '#components/interval-bar.tsx';
import { JerseyNameLink, JerseyThumb } from './jersey-thumb.tsx';
import { MovementMark } from './movement-mark.tsx';
import { ProvisionalBadge } from './provisional-badge.tsx';
import classes from './rankings.module.css';
import { useLocale } from '#lib/use-locale.ts';

/** The labels every row repeats, translated once per list. */
interface RowLabels {
  rank: string;
  score: string;
}

/**
 * The ranking as a list of compact rows for phones and tablets: nothing scrolls sideways. The rows
 * are plain elements styled by the CSS module, not Mantine layout components: 50 rows of twenty
 * of those were most of a phone's main-thread time on this page (docs/perf/first-screen.md). Each row is a
 * component of its own, so React can stop between rows when it renders them in slices (a takeover, a
 * transition). They come in the server's order, by score; a provisional row carries its badge where it
 * stands (ADR 0034).
 */
export function RankingList({ ranking }: { ranking: Ranking }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const labels: RowLabels = { rank: `${t('table.rank')} `, score: `${t('table.score')} ` };
  return (
    <ul className={classes.mobileList} aria-label={t('table.caption')}>
      {ranking.items.map((row, i) => (
        <RankingListRow
          key={row.jersey.id}
          row={row}
          ranking={ranking}
          labels={labels}
          priority={i < 4}
          t={t}
          locale={locale}
        />
      ))}
    </ul>
  );
}

function RankingListRow({
  row,
  ranking,
  labels,
  priority,
  t,
  locale,
}: {
  row: RankingRow;
  ranking: Ranking;
  labels: RowLabels;
  priority: boolean;
  /** The list's: a hook per row would cost each row a subscription to i18next. */
  t: TFunction<'rankings'>;
  locale: string;
}) {
  const j = row.jersey;
  return (
    <li className={`${classes.mobileItem} ${classes.mobileRow}`}>
      <div className={classes.mobileRank}>
        <span className={`${classes.mobileRankNumber} ${classes.num}`}>
          <span className={classes.visuallyHidden}>{labels.rank}</span>
          {row.rank}
        </span>
        <MovementMark t={t} rank={row.rank} previousRank={row.previousRank} />
      </div>
      <JerseyThumb jersey={j} size={56} priority={priority} />
      <div className={classes.mobileBody}>
        <div className={classes.mobileHead}>
          <JerseyNameLink jersey={j} showTeam={ranking.team === null} />
          <span className={`${classes.mobileScore} ${classes.num}`}>
            <span className={classes.visuallyHidden}>{labels.score}</span>
            {formatScore(row.score, locale)}
          </span>
        </div>
        <IntervalBar
          className={classes.mobileBar}
          axis={ranking.axis}
          lower={row.lower}
          score={row.score}
          upper={row.upper}
          provisional={row.provisional}
        />
        <div className={classes.mobileMeta}>
          <span className={classes.small}>
            {/* A segment ranking gives no vote counts (docs/segments.md). */}
            {row.votes !== null && (
              <>
                {t('card.record', {
                  votes: t('status.votes', { count: row.votes }),
                  winRate: formatWinRate(row.winRate, locale),
                })}{' '}
                ·{' '}
              </>
            )}
            {t('rating.rankUb', { rank: row.rankUb })}
          </span>
          {row.provisional && <ProvisionalBadge size="xs" />}
        </div>
      </div>
    </li>
  );
}
