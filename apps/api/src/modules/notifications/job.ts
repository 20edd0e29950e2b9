import type { NotificationTopic } from '@manto/contracts';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { LeasedJob } from '#db/leased-job.ts';
import type { PriceCrossing, Tx } from '#modules/collection/index.ts';
import type { MailOutbox } from '#modules/mail/index.ts';
import { NotificationRepository } from './repository.ts';
import type { NotificationService } from './service.ts';

const LEASE = 'notifications';
const LEASE_SECONDS = 60;
/** A member gets at most one digest in this long. */
export const DIGEST_EVERY_MS = 24 * 3_600_000;

/**
 * Tells followers what happened (docs/notifications.md §3): every interval, and when woken after a tournament
 * transition in this process, under the `notifications` lease (one process at a time), it adds the
 * notifications of the events since its last run (ranking fits, tournament rounds, new jerseys), then writes
 * each due member's e-mail digest to the outbox. Every step is keyed so a run repeated after a crash or a
 * restart adds and mails nothing twice. Time is the app's clock (tests move it).
 */
export class NotificationJob extends LeasedJob<{ added: number; digests: number }> {
  constructor(
    db: Db,
    private readonly service: NotificationService,
    private readonly outbox: Pick<MailOutbox, 'enqueue' | 'wake'>,
    private readonly options: {
      intervalMs: number;
      perDay: number;
      now: () => number;
      log: Logger;
      /** The wishlist's price detector (the collection's), which hands its new crossings over in its transaction. */
      priceCrossings: (record: (crossings: PriceCrossing[], tx: Tx) => Promise<void>) => Promise<PriceCrossing[]>;
    },
  ) {
    super(db, {
      lease: LEASE,
      leaseSeconds: LEASE_SECONDS,
      intervalMs: options.intervalMs,
      log: options.log,
      failure: 'notification run failed',
    });
  }

  /** One run: notifications added and digests written. */
  protected async work(): Promise<{ added: number; digests: number }> {
    const now = new Date(this.options.now());
    const repository = new NotificationRepository(this.db);
    let added = await repository.notifyEvents(now, this.options.perDay);
    await this.options.priceCrossings(async (crossings, tx) => {
      added += await new NotificationRepository(tx).insertPriceAlerts(crossings, now);
    });
    await repository.limitDay(now, this.options.perDay);
    const digests = await this.digests(now);
    if (added > 0 || digests > 0) this.options.log.info({ added, digests }, 'notifications told');
    return { added, digests };
  }

  /**
   * Writes each due member's digest in the transaction that marks its rows mailed. The mail is made first,
   * outside it: naming the rows reads the catalogue and tournaments, and PGlite's one connection is the
   * transaction's while it lasts.
   */
  private async digests(now: Date): Promise<number> {
    const since = new Date(now.getTime() - DIGEST_EVERY_MS);
    const repository = new NotificationRepository(this.db);
    let written = 0;
    for (const member of await repository.digestCandidates(since)) {
      const topics = member.email_topics as NotificationTopic[];
      const rows = await repository.unmailed(member.user_id, topics);
      if (rows.length === 0) continue;
      const mail = await this.service.digest(
        { userId: member.user_id, email: member.email, name: member.name, language: member.language },
        topics,
        rows,
      );
      const wrote = await this.db
        .transaction(async (tx) => {
          const ids = rows.map((row) => row.id);
          if (!(await new NotificationRepository(tx).claimDigest(member.user_id, ids, since, now)))
            throw new Superseded();
          await this.outbox.enqueue(tx, { ...mail, kind: 'digest', userId: member.user_id });
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof Superseded) return false;
          throw err;
        });
      if (wrote) written++;
    }
    if (written > 0) this.outbox.wake();
    return written;
  }
}

/** Another run mailed some of the rows meanwhile: this digest is dropped, and the next run makes a fresh one. */
class Superseded extends Error {}
