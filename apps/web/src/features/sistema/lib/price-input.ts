/**
 * Prices are typed in reais ("349,90", "1.234,5", "349.90") and sent as integer cents. The string is
 * read digit by digit, never through a float, so no 0.1 + 0.2 rounding can reach a price.
 */
export function parseReais(text: string): number | null {
  const value = text.trim().replace(/^R\$\s*/i, '');
  let whole: string;
  let fraction = '';
  if (value.includes(',')) {
    // A comma is the decimal mark; dots group thousands ("1.234,56").
    const parts = value.split(',');
    if (parts.length !== 2 || !/^\d{1,3}(\.?\d{3})*$/.test(parts[0]!)) return null;
    whole = parts[0]!.replaceAll('.', '');
    fraction = parts[1]!;
  } else if (/^\d+\.\d{1,2}$/.test(value)) {
    // "349.90": one dot followed by one or two digits can only be a decimal mark.
    [whole, fraction] = value.split('.') as [string, string];
  } else {
    if (!/^\d{1,3}(\.?\d{3})*$/.test(value)) return null;
    whole = value.replaceAll('.', '');
  }
  if (!/^\d{0,2}$/.test(fraction)) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 34990 → "349,90": what the price field shows for a saved price. */
export function formatReais(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
