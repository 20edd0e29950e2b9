import { Box, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ranking } from '@manto/contracts';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type RankingParams, hasRankingFilters } from '../lib/search-params.ts';
import { FilterStandIn } from './picker-stand-ins.tsx';
import type { Pickers } from './pickers.ts';
import classes from './rankings.module.css';

interface RankingFiltersProps {
  ranking: Pick<Ranking, 'models' | 'suppliers' | 'seasons'>;
  filters: RankingParams;
  onChange: (param: string, value: string | null) => void;
  onClear: () => void;
  /** The pickers' code, once loaded (pickers.ts); until then stand-ins of the same size are drawn. */
  pickers: Pickers | null;
}

/** Season range, model and supplier, from the options present in the scope; they live in the URL. */
export function RankingFilters({ ranking, filters, onChange, onClear, pickers }: RankingFiltersProps) {
  const { t } = useTranslation('rankings');
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
        {pickers ? (
          <pickers.FilterSelects ranking={ranking} filters={filters} onChange={onChange} />
        ) : (
          <FilterStandIn ranking={ranking} filters={filters} />
        )}
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
