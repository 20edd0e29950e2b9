import type { FastifyReply } from 'fastify';

/**
 * A formula character (= + - @, tab, CR) where a spreadsheet could see a cell begin: at the start of the text,
 * or after any separator a reader may split on (`,` `;` tab) or a line break, possibly behind quote marks.
 * A reader that opens the file with the Brazilian `;` separator treats the `"` of a field that does not start
 * its cell as an ordinary character, so quoting alone does not keep `Sup;=2+5;x` from starting a cell with `=`
 * (docs/security.md §32).
 */
const FORMULA_AT_CELL_START = /(?<=(?:^|[,;\t\r\n])"*)(?=[=+\-@\t\r])/g;

/**
 * One CSV field (RFC 4180). Text is always quoted, and gets an apostrophe before a formula character
 * wherever a cell could begin under any separator (OWASP CSV injection); numbers, booleans and dates are
 * written as they are, so -3.5 stays a number. null is an empty field.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return `"${value.replace(FORMULA_AT_CELL_START, "'").replace(/"/g, '""')}"`;
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** The header record: column names are the code's own identifiers, written bare. */
export function csvHeader(names: readonly string[]): string {
  for (const name of names) if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a column name: ${name}`);
  return `${names.join(',')}\r\n`;
}

/** Headers for an open-data file the browser saves as `<name>.<format>`. */
export function download(reply: FastifyReply, name: string, format: 'csv' | 'json') {
  reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-cache');
}
