import type { FastifyReply } from 'fastify';

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
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
