/**
 * A minimal MIME reader for the mails the API sends through nodemailer: headers (folded lines,
 * RFC 2047 encoded words), multipart bodies, quoted-printable and base64 parts, UTF-8 text.
 * Enough to read a subject and the text part's links; not a general mail parser.
 */

export interface ParsedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (a line starting with white space continues the previous header).
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function bytesToUtf8(bytes: number[]): string {
  return Buffer.from(bytes).toString('utf8');
}

export function decodeQuotedPrintable(input: string): string {
  // Soft line breaks ('=' at the end of a line) join lines; '=XX' is a byte.
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return bytesToUtf8(bytes);
}

/** RFC 2047: =?charset?Q?...?= and =?charset?B?...?= (UTF-8 assumed, which is what nodemailer writes). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function param(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

function collect(part: Part, out: { text: string[]; html: string[] }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // Drop the preamble and everything after the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collect(splitHeaders(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  if (/attachment/i.test(disposition)) return;
  if (mediaType === 'text/plain') out.text.push(decodeBody(part).replace(/\n$/, ''));
  else if (mediaType === 'text/html') out.html.push(decodeBody(part).replace(/\n$/, ''));
}

export function parseMail(raw: string, envelopeTo: string[] = []): ParsedMail {
  const root = splitHeaders(raw);
  const out = { text: [] as string[], html: [] as string[] };
  collect(root, out);
  const headerTo = (root.headers.get('to') ?? '')
    .split(',')
    .map((a) => /<([^>]+)>/.exec(a)?.[1] ?? a.trim())
    .filter(Boolean);
  return {
    from: decodeEncodedWords(root.headers.get('from') ?? ''),
    to: [...new Set([...envelopeTo, ...headerTo].map((a) => a.toLowerCase()))],
    subject: decodeEncodedWords(root.headers.get('subject') ?? ''),
    text: out.text.join('\n'),
    html: out.html.join('\n'),
  };
}
