import { Group, Select, Switch } from '@mantine/core';
import type { Segments } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#lib/use-locale.ts';
import { regionOptions } from '../lib/regions.ts';
import { LAZY_OPTIONS } from './filter-selects.tsx';

/** The region picker's value for "every region" (a Select needs a value to show the choice). */
const ALL = 'all';

interface SegmentControlsProps {
  /** The neutral ranking is shown. */
  neutral: boolean;
  /** The picker's region ('BR', 'BR-SP'), null for all. */
  region: string | null;
  segments: Segments | undefined;
  onNeutral: (neutral: boolean) => void;
  onRegion: (region: string | null) => void;
}

/**
 * Who voted, for the global ranking (docs/segments.md): the neutral ranking (no member's vote on their own
 * team's jerseys) or one region's members, one at a time; the pickers' options are the segments shown now.
 */
export function SegmentControls({ neutral, region, segments, onNeutral, onRegion }: SegmentControlsProps) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const { countries, states } = regionOptions(segments, locale, region);
  const data = [
    { value: ALL, label: t('segments.allRegions') },
    ...(countries.length > 0 ? [{ group: t('segments.countries'), items: countries }] : []),
    ...(states.length > 0 ? [{ group: t('segments.states'), items: states }] : []),
  ];
  return (
    <Group role="group" aria-label={t('segments.label')} align="end" gap="lg" wrap="wrap">
      <Select
        label={t('segments.region')}
        data={data}
        value={region ?? ALL}
        onChange={(v) => onRegion(v === ALL || v === null ? null : String(v))}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 280 }}
        comboboxProps={{ ...LAZY_OPTIONS, withinPortal: true }}
      />
      <Switch
        label={t('segments.neutral')}
        checked={neutral}
        onChange={(e) => onNeutral(e.currentTarget.checked)}
        pb={{ base: 0, xs: 8 }}
      />
    </Group>
  );
}
