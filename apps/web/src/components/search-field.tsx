import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** In a row of filters, take the free width. */
  grow?: boolean;
}

/** A list's search box. */
export function SearchField({ label, placeholder, value, onChange, grow = false }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={grow ? { flex: '1 1 240px' } : undefined}
      maw={420}
    />
  );
}
