import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  /** The message as received: headers are not quoted-printable, so read them here. */
  raw: string;
}

/** Decodes what nodemailer's quoted-printable does to long lines and '=' signs. */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free local port (or `port`) that keeps every message it receives. */
export async function startMailCapture(port = 0) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: subject.startsWith('=?') ? decodeMimeWord(subject) : subject,
          text: decodeQuotedPrintable(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    /** Mails sent to an address so far. */
    to: (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    /** Waits for the n-th mail to an address (1-based). */
    async waitFor(address: string, count = 1, timeoutMs = 60_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase()));
        if (found.length >= count) return found[count - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on (an SMTP server that is down), free for a capture to start on later. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function decodeMimeWord(word: string): string {
  return word.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

/** The first link in a mail whose path matches, with its query parameters. */
export function linkIn(mail: CapturedMail, pathPart: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/]/g, '\\/')}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPart} link in mail: ${mail.text.slice(0, 500)}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}
