import { Box, Button, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ranking } from '@manto/contracts';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankingParams } from '../api/rankings-api.ts';
import { RANKING_PARAM, hasRankingFilters } from '../lib/search-params.ts';
import classes from './rankings.module.css';

/**
 * The pickers' option lists mount at the first opening, not with the page: Mantine keeps a hidden
 * list per picker by default, and placing those (floating-ui) forced a style and layout pass of the
 * whole page during the rankings' first render (docs/performance.md §6).
 */
export const LAZY_OPTIONS = { keepMounted: false };

interface RankingFiltersProps {
  ranking: Pick<Ranking, 'models' | 'suppliers' | 'seasons'>;
  filters: RankingParams;
  onChange: (param: string, value: string | null) => void;
  onClear: () => void;
}

/** Season range, model and supplier, from the options present in the scope; they live in the URL. */
export function RankingFilters({ ranking, filters, onChange, onClear }: RankingFiltersProps) {
  const { t } = useTranslation('rankings');
  const years = useMemo(() => {
    const s = ranking.seasons;
    if (!s) return [];
    const list: string[] = [];
    for (let y = s.max; y >= s.min; y--) list.push(String(y));
    return list;
  }, [ranking.seasons]);
  // A filter chosen before may not be among the options any more; keep it selectable to clear it.
  const withCurrent = (data: string[], current: number | undefined) =>
    current !== undefined && !data.includes(String(current)) ? [String(current), ...data] : data;
  const filtered = hasRankingFilters(filters);
  const active = [filters.seasonFrom, filters.seasonTo, filters.model, filters.supplier].filter(
    (f) => f !== undefined,
  ).length;
  // On phones the filters fold behind a button (open when some are set); wider screens always show them.
  const [opened, { toggle }] = useDisclosure(filtered);
  const panelId = useId();

  return (
    <Stack gap="xs" role="group" aria-label={t('filters.label')}>
      <Button
        hiddenFrom="sm"
        variant="default"
        size="sm"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={panelId}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </Button>
      <Box id={panelId} className={opened ? undefined : classes.foldedOnPhone}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Select
            label={t('filters.from')}
            placeholder={t('filters.any')}
            data={withCurrent(years, filters.seasonFrom)}
            value={filters.seasonFrom !== undefined ? String(filters.seasonFrom) : null}
            onChange={(v) => onChange(RANKING_PARAM.seasonFrom, v)}
            clearable
            searchable
            disabled={years.length === 0 && filters.seasonFrom === undefined}
            comboboxProps={LAZY_OPTIONS}
          />
          <Select
            label={t('filters.to')}
            placeholder={t('filters.any')}
            data={withCurrent(years, filters.seasonTo)}
            value={filters.seasonTo !== undefined ? String(filters.seasonTo) : null}
            onChange={(v) => onChange(RANKING_PARAM.seasonTo, v)}
            clearable
            searchable
            disabled={years.length === 0 && filters.seasonTo === undefined}
            comboboxProps={LAZY_OPTIONS}
          />
          <Select
            label={t('filters.model')}
            placeholder={t('filters.all')}
            data={ranking.models.map((m) => ({ value: m.slug, label: m.name }))}
            value={filters.model ?? null}
            onChange={(v) => onChange(RANKING_PARAM.model, v)}
            clearable
            disabled={ranking.models.length === 0 && !filters.model}
            comboboxProps={LAZY_OPTIONS}
          />
          <Select
            label={t('filters.supplier')}
            placeholder={t('filters.all')}
            data={ranking.suppliers.map((s) => ({ value: s.slug, label: s.name }))}
            value={filters.supplier ?? null}
            onChange={(v) => onChange(RANKING_PARAM.supplier, v)}
            clearable
            disabled={ranking.suppliers.length === 0 && !filters.supplier}
            comboboxProps={LAZY_OPTIONS}
          />
        </SimpleGrid>
      </Box>
      {filtered && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
