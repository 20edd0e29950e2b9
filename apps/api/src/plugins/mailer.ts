import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a digest's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail (with its links) goes to the log. */
export function createMailer(smtpUrl: string | null, from: string, log: Logger): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) =>
        log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL: logged, not sent)'),
      close: () => {},
    };
  }
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Local capture servers do not offer STARTTLS; real servers that do still get it.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
