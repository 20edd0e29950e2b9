import { Select, SimpleGrid } from '@mantine/core';
import type { Ranking } from '@manto/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RANKING_PARAM, type RankingParams } from '../lib/search-params.ts';
import { localName } from '#lib/names.ts';

/**
 * The pickers' option lists mount at the first opening, not with the page: Mantine keeps a hidden
 * list per picker by default, and placing those (floating-ui) forced a style and layout pass of the
 * whole page during the rankings' first render (docs/perf/first-screen.md).
 */
export const LAZY_OPTIONS = { keepMounted: false };

interface FilterSelectsProps {
  ranking: Pick<Ranking, 'models' | 'suppliers' | 'seasons'>;
  filters: RankingParams;
  onChange: (param: string, value: string | null) => void;
}

/** The filters' four pickers (RankingFilters draws them once their code has loaded: pickers.ts). */
export function FilterSelects({ ranking, filters, onChange }: FilterSelectsProps) {
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

  return (
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
        data={ranking.models.map((m) => ({ value: m.slug, label: localName(m) }))}
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
  );
}
