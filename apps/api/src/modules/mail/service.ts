import type { MailOutboxPage, MailOutboxQuery, OutboxMail } from '@manto/contracts';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { AppError, notFound } from '#lib/app-error.ts';
import type { Clock } from '#lib/clock.ts';
import type { Mail } from '#plugins/mailer.ts';
import { type MailListRow, MailRepository, type OutboxEntry } from './repository.ts';

/**
 * Writes a fresh mail of its kind for an account inside `tx` (a new one-time link: the dead mail's
 * was cleared and has likely expired); null when the account no longer needs it.
 */
export type MailRebuilder = (userId: string, tx: Db) => Promise<Mail | null>;

/**
 * Turns a request for a mail of its kind into that mail, inside `tx`: looks the address up, applies
 * the owning module's rules and writes what the mail needs (its one-time token); null when the
 * address gets nothing (unknown, inactive, mailed a minute ago…).
 */
export type MailRequestHandler = (email: string, tx: Db) => Promise<{ userId: string; mail: Mail } | null>;

/**
 * Requests older than this are dropped unread: a reset link lives an hour (docs/security.md item 4),
 * and whoever asked that long ago and got nothing has asked again or given up.
 */
export const REQUEST_LIFE_MS = 3600_000;
/** Requests turned per transaction. */
const REQUEST_BATCH = 100;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toItem(row: MailListRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    status: row.deadAt ? 'dead' : row.sentAt ? 'sent' : row.lastError ? 'failed' : 'pending',
    recipient: row.recipient,
    subject: row.subject,
    createdAt: iso(row.createdAt)!,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt)!,
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
    deadAt: iso(row.deadAt),
  };
}

/**
 * The outbox as the rest of the app uses it: modules write mails in their own transactions
 * (`enqueue`), Admins list and requeue them. Delivery is MailSender's.
 */
export class MailOutbox {
  private readonly repository: MailRepository;
  private readonly rebuilders = new Map<string, MailRebuilder>();
  private readonly handlers = new Map<string, MailRequestHandler>();

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** Called once a mail or a request is committed: this process's sender starts at once. */
    private readonly written: () => void,
    private readonly log: Logger,
  ) {
    this.repository = new MailRepository(db);
  }

  /**
   * Writes a mail in `tx`, the transaction of the change it belongs to, so neither exists without the
   * other. Call `wake()` once that transaction has committed.
   */
  enqueue(tx: Db, entry: OutboxEntry): Promise<void> {
    return new MailRepository(tx).insert(entry, new Date(this.clock.now()));
  }

  /** Tells the sender a mail was committed. */
  wake(): void {
    this.written();
  }

  /**
   * Writes down that someone asked for a mail of `kind` at `email`, and nothing else: the request's
   * work and time are the same whether or not the address has an account (docs/security.md item 3).
   * The sender turns it into a mail (`turnRequests`); the row survives a crash until it does.
   */
  async request(kind: string, email: string): Promise<void> {
    await this.repository.insertRequest(kind, email, new Date(this.clock.now()));
    // Past the reply's write (the microtasks after the handler returns): the lookup never delays an answer.
    setImmediate(this.written);
  }

  /** How a request for a mail of `kind` is turned into one, by the module that owns that mail. */
  answerRequestsWith(kind: string, handler: MailRequestHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Turns every waiting request into its mail or into nothing, oldest first, for the sender (under its
   * lease). Each batch deletes its requests and writes their tokens and mails in one transaction, so a
   * request is consumed exactly once, with its mail; a request its handler fails on is logged and
   * consumed (a savepoint undoes its writes). Requests older than REQUEST_LIFE_MS are dropped first.
   */
  async turnRequests(): Promise<void> {
    const now = new Date(this.clock.now());
    const dropped = await this.repository.dropRequestsBefore(new Date(now.getTime() - REQUEST_LIFE_MS));
    if (dropped > 0) this.log.warn({ dropped }, 'mail requests older than a reset link dropped');
    for (;;) {
      const taken = await this.repository.transaction(async (repository) => {
        const requests = await repository.takeRequests(REQUEST_BATCH);
        for (const request of requests) {
          const handler = this.handlers.get(request.kind);
          if (!handler) {
            this.log.error({ kind: request.kind }, 'mail request of an unknown kind dropped');
            continue;
          }
          await repository
            .transaction(async (inner) => {
              const answer = await handler(request.email, inner.db);
              if (answer) await inner.insert({ kind: request.kind, userId: answer.userId, ...answer.mail }, now);
            })
            .catch((err: unknown) => this.log.error({ err, kind: request.kind }, 'mail request failed; dropped'));
        }
        return requests.length;
      });
      if (taken < REQUEST_BATCH) return;
    }
  }

  /** How a dead mail of `kind` is written afresh when an Admin requeues it. */
  rebuildWith(kind: string, rebuild: MailRebuilder): void {
    this.rebuilders.set(kind, rebuild);
  }

  async list(query: MailOutboxQuery): Promise<MailOutboxPage> {
    const [found, counts] = await Promise.all([this.repository.list(query.status, query), this.repository.counts()]);
    return {
      items: found.rows.map(toItem),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      counts,
    };
  }

  /** Mails waiting (never tried or failed and due again) and dead, for the metrics. */
  counts(): Promise<{ pending: number; failed: number; dead: number }> {
    return this.repository.counts();
  }

  /** Forgot-password and resend requests not yet turned into mails (a flood shows here first). */
  waitingRequests(): Promise<number> {
    return this.repository.waitingRequests();
  }

  /** Puts a dead mail back in the queue with a fresh link; 404 when no dead mail has this id. */
  async retry(id: string): Promise<OutboxMail> {
    const row = await this.repository.transaction(async (repository) => {
      const dead = await repository.deadForUpdate(id);
      if (!dead) throw notFound();
      const rebuild = this.rebuilders.get(dead.kind);
      const mail = dead.userId && rebuild ? await rebuild(dead.userId, repository.db) : null;
      if (!mail) throw new AppError(409, 'MAIL_NOT_RETRYABLE');
      return repository.requeue(id, mail, new Date(this.clock.now()));
    });
    this.wake();
    return toItem(row);
  }
}
