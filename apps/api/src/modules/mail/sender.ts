import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '#lib/clock.ts';
import type { Mailer } from '#plugins/mailer.ts';
import type { MailRepository, MailRow } from './repository.ts';

/**
 * Tries before a mail is dead-lettered. With the backoff below, eight tries span about an hour
 * (30 s, 1, 2, 4, 8, 16, 30 min between them): the life of a reset link (docs/security.md item 4), so
 * by then the mail is useless and an Admin should look (GET /api/manage/mail-outbox?status=dead).
 */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
/** How often the sender looks for mail other processes wrote or whose retry came due. */
export const POLL_MS = 5_000;
/** Mails claimed at a time. */
const BATCH = 10;
const LEASE = 'mail';
/** Renewed every LEASE_SECONDS / 3 while sending: a killed process blocks the others at most this long. */
const LEASE_SECONDS = 30;
/** Delivered mails are kept (metadata only) this long for Admins to look up; dead ones longer. */
const KEEP_SENT_MS = 30 * 24 * 3600_000;
const KEEP_DEAD_MS = 90 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The wait before try `attempts + 1`: doubling from 30 s, capped at 30 min, ±20% so retries spread out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A transport failure, short, for the row and the log: never the SMTP URL's credentials or the mail. */
export function shortError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = [e.code, e.responseCode].filter((part) => part !== undefined).join(' ');
  const message = typeof e.message === 'string' ? e.message : String(err);
  return `${code ? `${code}: ` : ''}${message}`.replace(/\/\/[^\s/@]*@/g, '//***@').slice(0, 200);
}

export interface MailSenderOptions {
  log: Logger;
  clock: Clock;
  /** How often a run renews its lease (tests shorten it); LEASE_SECONDS / 3 by default. */
  heartbeatMs?: number;
  /** Turns waiting mail requests into mails (MailOutbox.turnRequests); runs under the lease before sending. */
  turnRequests?: () => Promise<void>;
}

/**
 * Delivers the outbox (docs/decisions/0010-mail-outbox.md): woken at once when this process writes a
 * mail or a request, and every POLL_MS for the rest; each run first turns waiting requests into mails;
 * one process at a time sends, under the 'mail' lease; a failed try is retried with backoff and
 * dead-lettered after MAX_ATTEMPTS; bodies are cleared once sent or dead.
 */
export class MailSender {
  private readonly holder = randomUUID();
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly repository: MailRepository,
    private readonly transport: Mailer,
    private readonly opts: MailSenderOptions,
  ) {}

  start(): void {
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
    this.wake();
  }

  /** Asks for a run; runs never overlap, and a wake during one makes another follow it. */
  wake(): void {
    if (this.stopped) return;
    this.again = true;
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) this.wake();
    });
  }

  /** Resolves once everything due now was tried (tests and scripts). */
  async flush(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  /** Stops polling and waits for the mail being sent, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.again && !this.stopped) {
      this.again = false;
      await this.sendDue().catch((err) => this.opts.log.error({ err }, 'mail sender run failed'));
    }
  }

  private now(): Date {
    return new Date(this.opts.clock.now());
  }

  private async sendDue(): Promise<void> {
    // Another process holds the lease: it sends, and its own poll picks up what we wrote.
    if (!(await this.repository.acquireLease(LEASE, this.holder, LEASE_SECONDS))) return;
    const heartbeat = setInterval(
      () => {
        this.repository
          .acquireLease(LEASE, this.holder, LEASE_SECONDS)
          .then((held) => held || this.opts.log.warn('mail lease lost to another process while sending'))
          .catch((err) => this.opts.log.warn({ err }, 'mail lease renewal failed'));
      },
      this.opts.heartbeatMs ?? (LEASE_SECONDS * 1000) / 3,
    );
    heartbeat.unref();
    try {
      // A failure here must not hold up mail already written: logged, and the next run tries again.
      await this.opts.turnRequests?.().catch((err) => this.opts.log.error({ err }, 'mail requests not turned'));
      for (;;) {
        const now = this.now();
        const batch = await this.repository.claimDue(
          now,
          BATCH,
          (attempts) => new Date(now.getTime() + retryDelayMs(attempts)),
        );
        for (const mail of batch) await this.send(mail);
        if (batch.length < BATCH || this.stopped) break;
      }
      await this.prune();
    } finally {
      clearInterval(heartbeat);
      await this.repository.releaseLease(LEASE, this.holder);
    }
  }

  private async send(mail: MailRow): Promise<void> {
    const { log } = this.opts;
    try {
      await this.transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text!,
        html: mail.html!,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    } catch (err) {
      const error = shortError(err);
      const dead = mail.attempts >= MAX_ATTEMPTS;
      await this.repository.markFailed(mail.id, error, dead ? this.now() : null);
      const fields = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error };
      if (dead) log.error(fields, 'mail dead-lettered after %d tries', mail.attempts);
      else log.warn({ ...fields, retryAt: mail.nextAttemptAt }, 'mail not sent; will retry');
      return;
    }
    await this.repository.markSent(mail.id, this.now());
    log.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
  }

  private async prune(): Promise<void> {
    const now = this.opts.clock.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const pruned = await this.repository.prune(new Date(now - KEEP_SENT_MS), new Date(now - KEEP_DEAD_MS));
    if (pruned > 0) this.opts.log.info({ pruned }, 'old outbox rows removed');
  }
}
