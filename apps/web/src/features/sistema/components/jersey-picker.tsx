import { MultiSelect, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { jerseyLookupQuery, jerseySearchQuery } from '../api/queries.ts';
import { jerseyName } from '../lib/jersey-name.ts';

interface JerseyPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Ids saved with the tournament, named once through a lookup (the form knows only their ids). */
  savedIds: readonly string[];
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * The hand-picked pool: a multi-select whose options come from the server's jersey search
 * (GET /api/manage/jerseys?search=), since the catalogue is too large to send whole. Chosen
 * jerseys keep their names while other searches replace the options.
 */
export function JerseyPicker({ value, onChange, savedIds, error, disabled = false }: JerseyPickerProps) {
  const { t } = useTranslation('sistema');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const results = useQuery({ ...jerseySearchQuery(debounced), enabled: !disabled });
  const saved = useQuery(jerseyLookupQuery(savedIds));
  /** Names of the jerseys picked in this session (the search that showed them may be gone). */
  const [picked, setPicked] = useState<Record<string, string>>({});

  const found = useMemo(
    () => (results.data?.items ?? []).map((jersey) => ({ value: jersey.id, label: jerseyName(jersey) })),
    [results.data],
  );
  const names = useMemo(() => {
    const known: Record<string, string> = {};
    for (const jersey of saved.data ?? []) known[jersey.id] = jerseyName(jersey);
    return { ...known, ...picked };
  }, [saved.data, picked]);

  const data: ComboboxItem[] = [
    ...value.map((id) => ({
      value: id,
      label:
        names[id] ??
        (saved.isPending && savedIds.includes(id) ? t('form.optionsLoading') : t('tournaments.pool.unknownJersey')),
    })),
    ...found.filter((option) => !value.includes(option.value)),
  ];

  return (
    <MultiSelect
      label={t('tournaments.fields.jerseys')}
      description={t('tournaments.pool.jerseysHint', { count: value.length })}
      placeholder={value.length === 0 ? t('tournaments.pool.jerseysPlaceholder') : undefined}
      data={data}
      value={value}
      onChange={(ids) => {
        const added = Object.fromEntries(
          found.filter((option) => ids.includes(option.value)).map((o) => [o.value, o.label]),
        );
        setPicked((current) => ({ ...current, ...added }));
        onChange(ids);
      }}
      searchable
      // Several jerseys are usually picked from one search ("Flamengo"): the search stays after a pick.
      clearSearchOnChange={false}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched (accents, team, model, season, supplier): show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('form.optionsLoading') : t('form.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      hidePickedOptions
      clearable
      clearButtonProps={{ 'aria-label': t('tournaments.pool.clearJerseys') }}
      error={error}
      disabled={disabled}
      required
    />
  );
}
