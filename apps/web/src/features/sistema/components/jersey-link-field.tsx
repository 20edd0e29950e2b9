import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { jerseyLookupQuery, jerseySearchQuery } from '../api/queries.ts';
import { jerseyName } from '../lib/jersey-name.ts';

interface JerseyLinkFieldProps {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
}

/**
 * The catalogue jersey a product is: one jersey, searched on the server like the tournament pool's
 * picker (the catalogue is too large to send whole); the saved one is named through a lookup.
 */
export function JerseyLinkField({ value, onChange, error }: JerseyLinkFieldProps) {
  const { t } = useTranslation('sistema');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const results = useQuery(jerseySearchQuery(debounced));
  const saved = useQuery(jerseyLookupQuery(value ? [value] : []));
  /** The chosen jersey's name, kept while other searches replace the options. */
  const [picked, setPicked] = useState<ComboboxItem | null>(null);

  const found = (results.data?.items ?? []).map((jersey) => ({ value: jersey.id, label: jerseyName(jersey) }));
  const savedJersey = saved.data?.find((jersey) => jersey.id === value);
  const current: ComboboxItem | null = !value
    ? null
    : picked?.value === value
      ? picked
      : { value, label: savedJersey ? jerseyName(savedJersey) : t('form.optionsLoading') };
  const data = [...(current ? [current] : []), ...found.filter((option) => option.value !== value)];

  return (
    <Select
      label={t('products.fields.jersey')}
      description={t('products.fields.jerseyHint')}
      placeholder={t('products.fields.jerseyPlaceholder')}
      data={data}
      value={value}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched (accents, team, model, season, supplier): show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('form.optionsLoading') : t('form.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      clearable
      clearButtonProps={{ 'aria-label': t('products.fields.clearJersey') }}
      error={error}
    />
  );
}
