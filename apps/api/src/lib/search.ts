import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucn';

/** Lower case, accents folded: works the same on PGlite and PostgreSQL without the unaccent extension. */
export const folded = (column: SQLWrapper) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** `column` contains `term`, case- and accent-insensitively; LIKE wildcards in the term are literal. */
export function containsFolded(column: SQLWrapper, term: string): SQL {
  const escaped = foldText(term).replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${folded(column)} like ${`%${escaped}%`}`;
}

export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;
