import { useTranslation } from 'react-i18next';
import { type Axis, formatScore, intervalGeometry } from '#lib/interval.ts';
import { useLocale } from '#lib/use-locale.ts';
import classes from './interval-bar.module.css';

interface IntervalBarProps {
  axis: Axis | null;
  lower: number;
  score: number;
  upper: number;
  provisional?: boolean;
  /** Show the bounds as numbers under the bar. */
  withNumbers?: boolean;
  className?: string;
}

/**
 * The 95% interval as a bar with the score as a dot, on an axis shared by the bars around it. Its label is
 * the 'rankings' namespace's: the screens that draw it load those texts. Plain elements, not Mantine's
 * Box and Text: a ranking draws fifty of these.
 */
export function IntervalBar({
  axis,
  lower,
  score,
  upper,
  provisional = false,
  withNumbers = true,
  className,
}: IntervalBarProps) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const g = intervalGeometry(axis, lower, score, upper);
  const lo = formatScore(lower, locale);
  const hi = formatScore(upper, locale);
  const label = t('interval.label', { lower: lo, upper: hi });
  return (
    <div className={className}>
      <div className={classes.track} role="img" aria-label={label} title={label}>
        <span
          className={`${classes.bar} ${provisional ? classes.barProvisional : ''}`}
          style={{ left: `${g.start}%`, width: `${g.end - g.start}%` }}
        />
        <span className={classes.point} style={{ left: `${g.point}%` }} />
      </div>
      {withNumbers && (
        <div className={classes.bounds} aria-hidden>
          {lo} – {hi}
        </div>
      )}
    </div>
  );
}
