import { Box, Group, SimpleGrid } from '@mantine/core';
import type { Ranking } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#lib/use-locale.ts';
import type { RankingParams } from '../lib/search-params.ts';
import { regionName } from '../lib/regions.ts';
import { loadPickers } from './pickers.ts';
import classes from './rankings.module.css';
import { localName } from '#lib/names.ts';

// What the rankings draw where their pickers go until the pickers' code has loaded (pickers.ts): the
// same labels, values and sizes, drawn with plain elements, so the page looks the same and nothing
// moves when the real ones replace them. Hidden from assistive technologies, which meet the real
// controls a moment later; pointing at or pressing one fetches the code at once.

const startLoading = () => void loadPickers().catch(() => undefined);

function StandInField({ label, value, placeholder }: { label: string; value: string | null; placeholder: string }) {
  return (
    <div>
      <span className={classes.standInLabel}>{label}</span>
      <div className={classes.standInInput}>
        {value ?? <span className={classes.standInPlaceholder}>{placeholder}</span>}
        {/* Mantine's ComboboxChevron. */}
        <svg className={classes.standInChevron} viewBox="0 0 15 15" fill="currentColor">
          <path d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z" />
        </svg>
      </div>
    </div>
  );
}

/** SegmentControls' stand-in: the region picker and the neutral switch. */
export function SegmentStandIn({ neutral, region }: { neutral: boolean; region: string | null }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  return (
    <Group align="end" gap="lg" wrap="wrap" aria-hidden onPointerEnter={startLoading} onPointerDown={startLoading}>
      <Box w={{ base: '100%', xs: 280 }}>
        <StandInField
          label={t('segments.region')}
          value={region ? regionName(region, locale) : t('segments.allRegions')}
          placeholder=""
        />
      </Box>
      <Box pb={{ base: 0, xs: 8 }} className={classes.standInSwitch}>
        <span className={classes.standInTrack} data-checked={neutral || undefined}>
          <span className={classes.standInThumb} />
        </span>
        <span className={classes.standInSwitchLabel}>{t('segments.neutral')}</span>
      </Box>
    </Group>
  );
}

/** FilterSelects' stand-in: the four pickers with their labels and current values. */
export function FilterStandIn({
  ranking,
  filters,
}: {
  ranking: Pick<Ranking, 'models' | 'suppliers'>;
  filters: RankingParams;
}) {
  const { t } = useTranslation('rankings');
  const chosenModel = ranking.models.find((m) => m.slug === filters.model);
  const model = chosenModel ? localName(chosenModel) : (filters.model ?? null);
  const supplier = ranking.suppliers.find((s) => s.slug === filters.supplier)?.name ?? filters.supplier ?? null;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      aria-hidden
      onPointerEnter={startLoading}
      onPointerDown={startLoading}
    >
      <StandInField
        label={t('filters.from')}
        value={filters.seasonFrom !== undefined ? String(filters.seasonFrom) : null}
        placeholder={t('filters.any')}
      />
      <StandInField
        label={t('filters.to')}
        value={filters.seasonTo !== undefined ? String(filters.seasonTo) : null}
        placeholder={t('filters.any')}
      />
      <StandInField label={t('filters.model')} value={model} placeholder={t('filters.all')} />
      <StandInField label={t('filters.supplier')} value={supplier} placeholder={t('filters.all')} />
    </SimpleGrid>
  );
}
