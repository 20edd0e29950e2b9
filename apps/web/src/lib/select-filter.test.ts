import type { ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accentInsensitive } from './select-filter.ts';

describe('accentInsensitive', () => {
  it('finds options whatever the case and accents', () => {
    const options: ComboboxParsedItem[] = [
      { value: 'gremio', label: 'Grêmio' },
      { value: 'atletico-mg', label: 'Atlético Mineiro' },
      { value: 'sao-paulo', label: 'São Paulo' },
    ];
    const found = (search: string) =>
      accentInsensitive({ options, search, limit: Infinity }).map((option) => ('value' in option ? option.value : ''));
    expect(found('gremio')).toEqual(['gremio']);
    expect(found(' ATLETICO ')).toEqual(['atletico-mg']);
    expect(found('')).toEqual(['gremio', 'atletico-mg', 'sao-paulo']);
  });
});
