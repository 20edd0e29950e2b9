import type { FastifyReply } from 'fastify';

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. Text a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe (OWASP CSV injection);
 * numbers are written as they are, so -3.5 stays a number.
 */
function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** Headers for an open-data file the browser saves as `<name>.<format>`. */
export function download(reply: FastifyReply, name: string, format: 'csv' | 'json') {
  reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-cache');
}
