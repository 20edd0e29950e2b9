import { z } from 'zod';
import { PAGE_SIZE_MAX, paged } from './catalogue.ts';

/**
 * The mail outbox as Admins see it (docs/decisions/0010-mail-outbox.md): pending = not tried yet,
 * failed = tried and waiting for its next attempt, dead = given up on, sent = delivered.
 * Never the bodies: they hold one-time links.
 */
export const MAIL_STATUSES = ['pending', 'failed', 'dead', 'sent'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const outboxMail = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  deadAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const mailOutboxQuery = z.strictObject({
  status: z.enum(MAIL_STATUSES).default('dead'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuery>;

/** How many mails wait (pending), are being retried (failed) or were given up on (dead). */
export const mailOutboxCounts = z.object({
  pending: z.number().int(),
  failed: z.number().int(),
  dead: z.number().int(),
});
export type MailOutboxCounts = z.infer<typeof mailOutboxCounts>;

export const mailOutboxResponse = paged(outboxMail).extend({ counts: mailOutboxCounts });
export type MailOutboxPage = z.infer<typeof mailOutboxResponse>;
