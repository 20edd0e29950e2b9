import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOf, countdownStage, splitDuration, useNow, type DurationParts } from '#lib/countdown.ts';
import { useLocale } from '#lib/use-locale.ts';

interface CountdownProps {
  /** ISO date and time the countdown runs to. */
  to: string;
  /** What runs out, before the clock: "A rodada encerra em". */
  label: string;
  /** Shown (and announced) once the time has come: "Rodada encerrada — apurando os votos". */
  endedLabel: string;
  /** Called once when the time comes (e.g. to fetch the new state). */
  onEnd?: () => void;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A countdown that ticks every second on screen. Screen readers get the time left in words (read when they
 * reach it) and a polite announcement only when it passes one hour, ten minutes, one minute and the end —
 * a live region ticking every second would drown everything else.
 */
export function Countdown({ to, label, endedLabel, onEnd, size = 'md' }: CountdownProps) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const due = Date.parse(to);
  const now = useNow(1000, Number.isFinite(due));
  const left = due - now;
  const stage = countdownStage(left);
  const parts = splitDuration(left);
  const spoken = stage === 'ended' ? endedLabel : `${label} ${durationInWords(parts, t, locale)}`;

  // Announce a change of stage, never the first render (the page itself is read then).
  const [announcement, setAnnouncement] = useState('');
  const lastStage = useRef(stage);
  useEffect(() => {
    if (lastStage.current === stage) return;
    lastStage.current = stage;
    setAnnouncement(spoken);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stage changes
  }, [stage]);

  const ended = stage === 'ended';
  const endCalled = useRef(false);
  useEffect(() => {
    if (ended && !endCalled.current) {
      endCalled.current = true;
      onEnd?.();
    }
  }, [ended, onEnd]);

  const clock = parts.days > 0 ? t('countdown.clockDays', { days: parts.days, clock: clockOf(parts) }) : clockOf(parts);
  return (
    <div>
      <Group gap={6} wrap="nowrap" aria-hidden>
        <IconClock size={size === 'lg' ? 20 : 16} stroke={1.8} style={{ flex: 'none' }} />
        {ended ? (
          <Text size={size} fw={700}>
            {endedLabel}
          </Text>
        ) : (
          <Text size={size} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {label}{' '}
            <time dateTime={to}>
              <b>{clock}</b>
            </time>
          </Text>
        )}
      </Group>
      <VisuallyHidden>{spoken}</VisuallyHidden>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </div>
  );
}

/** "2 dias, 3 horas e 12 minutos"; under a minute, the seconds. */
function durationInWords(
  { days, hours, minutes, seconds }: DurationParts,
  t: (key: string, options: { count: number }) => string,
  locale: string,
): string {
  const words: string[] = [];
  if (days) words.push(t('countdown.days', { count: days }));
  if (hours) words.push(t('countdown.hours', { count: hours }));
  if (minutes) words.push(t('countdown.minutes', { count: minutes }));
  if (words.length === 0) words.push(t('countdown.seconds', { count: seconds }));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(words);
}
