import { Text } from '@mantine/core';
import type { RankingSegment } from '@manto/contracts';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#components/empty-state.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { regionName } from '../lib/regions.ts';
import { segmentRegion } from '../lib/search-params.ts';

/** One line on whose votes the global ranking's segment counts: the neutral one or a region's. */
export function SegmentNote({ segment }: { segment: string }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const region = segmentRegion(segment);
  if (segment !== 'neutral' && !region) return null;
  const text = region ? t('segments.note.region', { region: regionName(region, locale) }) : t('segments.note.neutral');
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/**
 * A group of people below the threshold: nothing of it is shown, and the screen says why. (The neutral
 * ranking is not a group of people: it is unavailable only with segments switched off.)
 */
export function SegmentUnavailable({ segment }: { segment: RankingSegment }) {
  const { t } = useTranslation('rankings');
  if (segment.kind === 'neutral')
    return <EmptyState title={t('segments.neutralOff.title')} description={t('segments.neutralOff.description')} />;
  const minVoters = segment.minVoters;
  return (
    <EmptyState
      icon={<IconLock size={30} />}
      title={t('segments.unavailable.title')}
      description={t('segments.unavailable.description', { count: minVoters })}
    />
  );
}
