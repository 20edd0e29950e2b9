import {
  type SQL,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { MailStatus } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { acquireLease, releaseLease } from '#db/leases.ts';
import { mailOutbox, mailRequests } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage } from '#lib/paging.ts';
import type { Mail } from '#plugins/mailer.ts';

export type MailRow = typeof mailOutbox.$inferSelect;
export type MailRequestRow = typeof mailRequests.$inferSelect;
/** What a list shows: everything but the bodies, which never leave the sender (docs/security.md item 25). */
export type MailListRow = Omit<MailRow, 'text' | 'html' | 'userId' | 'headers'>;
/** A mail to write: the transport's fields, what it is for and whom. */
export interface OutboxEntry extends Mail {
  kind: string;
  userId: string | null;
}

const undelivered = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.deadAt))!;
const WHERE: Record<MailStatus, SQL> = {
  pending: and(undelivered, isNull(mailOutbox.lastError))!,
  failed: and(undelivered, isNotNull(mailOutbox.lastError))!,
  dead: isNotNull(mailOutbox.deadAt),
  sent: isNotNull(mailOutbox.sentAt),
};
const ORDER: Record<MailStatus, SQL[]> = {
  pending: [asc(mailOutbox.nextAttemptAt)],
  failed: [asc(mailOutbox.nextAttemptAt)],
  dead: [desc(mailOutbox.deadAt)],
  sent: [desc(mailOutbox.sentAt)],
};
const { text: _text, html: _html, userId: _userId, headers: _headers, ...listColumns } = getTableColumns(mailOutbox);

/** The mail module's SQL: the requests, the outbox rows and the sender's lease. */
export class MailRepository {
  /** The connection or transaction it runs on (a rebuilder writes its token in the same one). */
  constructor(readonly db: Db) {}

  transaction<T>(work: (repository: MailRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MailRepository(tx)));
  }

  async insert(entry: OutboxEntry, now: Date): Promise<void> {
    await this.db.insert(mailOutbox).values({
      kind: entry.kind,
      userId: entry.userId,
      recipient: entry.to,
      subject: entry.subject,
      text: entry.text,
      html: entry.html,
      headers: entry.headers ?? null,
      nextAttemptAt: now,
    });
  }

  /**
   * Takes up to `limit` mails due by `now`, oldest due first, and counts the attempt before it is made:
   * a process that dies mid-send leaves the mail to be retried at `retryAt(attempts)`, not at once.
   * Rows another transaction holds are skipped.
   */
  claimDue(now: Date, limit: number, retryAt: (attempts: number) => Date): Promise<MailRow[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(undelivered, lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        row.attempts += 1;
        row.nextAttemptAt = retryAt(row.attempts);
        await tx
          .update(mailOutbox)
          .set({ attempts: row.attempts, nextAttemptAt: row.nextAttemptAt })
          .where(eq(mailOutbox.id, row.id));
      }
      return rows;
    });
  }

  /** Delivered: the bodies (one-time links) go. */
  async markSent(id: string, at: Date): Promise<void> {
    await this.db.update(mailOutbox).set({ sentAt: at, text: null, html: null }).where(eq(mailOutbox.id, id));
  }

  /** A failed attempt; with `deadAt` the mail is given up on and its bodies go. */
  async markFailed(id: string, error: string, deadAt: Date | null): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set(deadAt ? { lastError: error, deadAt, text: null, html: null } : { lastError: error })
      .where(eq(mailOutbox.id, id));
  }

  /** A dead mail, locked until the transaction ends; null when there is none with this id. */
  async deadForUpdate(id: string): Promise<MailRow | null> {
    const [row] = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), isNotNull(mailOutbox.deadAt)))
      .for('update');
    return row ?? null;
  }

  /** A dead mail back in the queue with fresh bodies, due at once. */
  async requeue(id: string, mail: Mail, now: Date): Promise<MailListRow> {
    const [row] = await this.db
      .update(mailOutbox)
      .set({
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? null,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        deadAt: null,
      })
      .where(eq(mailOutbox.id, id))
      .returning(listColumns);
    return row!;
  }

  list(status: MailStatus, request: PageRequest): Promise<RowsPage<MailListRow>> {
    return selectPage(
      this.db
        .select(listColumns)
        .from(mailOutbox)
        .where(WHERE[status])
        .orderBy(...ORDER[status], asc(mailOutbox.id))
        .$dynamic(),
      this.db.select({ n: count() }).from(mailOutbox).where(WHERE[status]),
      request,
    );
  }

  async counts(): Promise<{ pending: number; failed: number; dead: number }> {
    const n = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
    const [row] = await this.db
      .select({ pending: n(WHERE.pending), failed: n(WHERE.failed), dead: n(WHERE.dead) })
      .from(mailOutbox);
    return row ?? { pending: 0, failed: 0, dead: 0 };
  }

  /** Drops sent mails older than `sentBefore` and dead ones older than `deadBefore` (metadata only by then). */
  async prune(sentBefore: Date, deadBefore: Date): Promise<number> {
    const rows = await this.db
      .delete(mailOutbox)
      .where(or(lt(mailOutbox.sentAt, sentBefore), lt(mailOutbox.deadAt, deadBefore)))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  /** A forgot-password or resend, written before it is answered: one insert whatever the address. */
  async insertRequest(kind: string, email: string, now: Date): Promise<void> {
    await this.db.insert(mailRequests).values({ kind, email, createdAt: now });
  }

  /**
   * Deletes and returns up to `limit` requests, oldest first. Call it in a transaction that also writes
   * their mails: a request is consumed exactly when its mail exists. Rows another transaction holds
   * are skipped, so two senders never take the same request.
   */
  async takeRequests(limit: number): Promise<MailRequestRow[]> {
    const oldest = this.db
      .select({ id: mailRequests.id })
      .from(mailRequests)
      .orderBy(asc(mailRequests.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db.delete(mailRequests).where(inArray(mailRequests.id, oldest)).returning();
    return rows.sort((x, y) => x.id - y.id);
  }

  async waitingRequests(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mailRequests);
    return row?.n ?? 0;
  }

  /** Drops requests made before `before`, unread (the sender was down that long). */
  async dropRequestsBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(mailRequests)
      .where(lt(mailRequests.createdAt, before))
      .returning({ id: mailRequests.id });
    return rows.length;
  }

  acquireLease(name: string, holder: string, seconds: number): Promise<boolean> {
    return acquireLease(this.db, name, holder, seconds);
  }

  releaseLease(name: string, holder: string): Promise<void> {
    return releaseLease(this.db, name, holder);
  }
}
