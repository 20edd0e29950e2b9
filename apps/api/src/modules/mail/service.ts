import type { MailOutboxPage, MailOutboxQuery, OutboxMail } from '@manto/contracts';
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

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** Called once a mail is committed: this process's sender starts at once. */
    private readonly written: () => void,
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
