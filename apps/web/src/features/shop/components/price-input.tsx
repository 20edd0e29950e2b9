import { NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface PriceInputProps {
  label: string;
  /** Whole reais, as the URL keeps them; '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/** A price bound in whole reais, sent to the URL once typing pauses; follows the URL when it changes. */
export function PriceInput({ label, value, onChange }: PriceInputProps) {
  const [typed, setTyped] = useState<string | number>(value);
  const [seen, setSeen] = useState(value);
  const send = useDebouncedCallback(onChange, 400);
  // The URL changed from elsewhere ("Limpar filtros", back): show its value.
  if (value !== seen) {
    setSeen(value);
    setTyped(value);
  }
  return (
    <NumberInput
      label={label}
      value={typed}
      onChange={(v) => {
        setTyped(v);
        send(String(v));
      }}
      min={0}
      max={100_000}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator={false}
      hideControls
      style={{ flex: '1 1 120px' }}
    />
  );
}
