import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/** Case- and accent-insensitive: 'gremio' finds 'Grêmio'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export const accentInsensitive: OptionsFilter = ({ options, search }) => {
  const query = fold(search);
  return options.filter((option) => 'label' in option && fold((option as ComboboxItem).label).includes(query));
};

/** Select data from `{ id, name }` options. */
export const toSelectData = (items: readonly { id: string; name: string }[]) =>
  items.map((item) => ({ value: item.id, label: item.name }));
