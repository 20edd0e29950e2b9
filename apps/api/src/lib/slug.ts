import { fieldError } from './app-error.ts';

/** "São Paulo FC" → "sao-paulo-fc": accents folded, lower case, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug of a record's name, refused on the `name` field when the name has none (`emptyKey`) or
 * when another record holds it already.
 */
export async function freeSlug(
  name: string,
  emptyKey: string,
  taken: (slug: string) => Promise<boolean>,
): Promise<string> {
  const slug = slugify(name);
  if (!slug) throw fieldError('name', emptyKey);
  if (await taken(slug)) throw fieldError('name', 'slugTaken');
  return slug;
}
