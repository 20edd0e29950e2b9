import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '#lib/intl-format.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import classes from './jersey-rating.module.css';
import { type ScorePoint, sparklineGeometry } from './sparkline-geometry.ts';

const HEIGHT = 112;
const PAD = 8;
const LABELS = 44;

/** The global score over time as an inline SVG line with its 95% band (oldest left). */
export function ScoreSparkline({ history, locale }: { history: ScorePoint[]; locale: string }) {
  const { t } = useTranslation('rankings');
  const { ref, width } = useElementSize();
  const chartWidth = Math.max(0, width - LABELS);
  const g = sparklineGeometry(history, chartWidth, HEIGHT, PAD);
  const number = numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  const date = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: useTimeZone() });
  const first = history[0];
  const last = history[history.length - 1];
  const description =
    first && last
      ? t('rating.historyDescription', {
          first: number.format(first.score),
          from: date.format(new Date(first.at)),
          last: number.format(last.score),
          to: date.format(new Date(last.at)),
          count: history.length,
        })
      : '';

  return (
    <figure style={{ margin: 0 }}>
      <Box ref={ref} h={HEIGHT}>
        {g && (
          <svg
            className={classes.chart}
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-label={`${t('rating.history')}. ${description}`}
          >
            <g transform={`translate(${LABELS} 0)`}>
              <line className={classes.grid} x1={0} x2={chartWidth} y1={PAD} y2={PAD} />
              <line className={classes.grid} x1={0} x2={chartWidth} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
              <path className={classes.band} d={g.band} />
              <path className={classes.line} d={g.line} />
              {g.points.length > 0 && (
                <circle className={classes.dot} cx={g.points.at(-1)!.x} cy={g.points.at(-1)!.y} r={4} />
              )}
            </g>
            <text className={classes.axisLabel} x={LABELS - 6} y={PAD + 4} textAnchor="end">
              {number.format(g.max)}
            </text>
            <text className={classes.axisLabel} x={LABELS - 6} y={HEIGHT - PAD + 4} textAnchor="end">
              {number.format(g.min)}
            </text>
          </svg>
        )}
      </Box>
      <Text component="figcaption" size="xs" c="dimmed" mt={6}>
        {description}
      </Text>
    </figure>
  );
}
