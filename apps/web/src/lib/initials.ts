/** A person's avatar letters: first and last name ('Ana Maria Souza' → 'AS'). */
export function personInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A team's or a brand's letters: its first two words that count, skipping short lowercase
 * particles ('Clube de Regatas do Flamengo' → 'CR').
 */
export function recordInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word.length > 2 || /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
