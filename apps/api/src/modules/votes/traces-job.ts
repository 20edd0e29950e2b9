import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { LeasedJob } from '#db/leased-job.ts';
import type { VoteRepository } from './repository.ts';

const LEASE = 'vote-traces';
const LEASE_SECONDS = 60;
/** How often the sweep runs: a vote keeps its traces at most this much past the retention period. */
const INTERVAL_MS = 3_600_000;
/** Votes changed per statement, so a first sweep over a large table never holds long locks. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Keeps where votes came from only as long as abuse control needs it (ADR 0031, docs/security.md item 34): every
 * hour, under the `vote-traces` lease (one process sweeps), votes answered more than `retentionDays` ago lose
 * their address hash, network hash and user agent, and daily vote counts older than that go. Time is the app's
 * clock (tests move it).
 */
export class VoteTraceJob extends LeasedJob<{ votes: number; days: number }> {
  constructor(
    db: Db,
    private readonly repository: VoteRepository,
    private readonly options: { retentionDays: number; now: () => number; log: Logger },
  ) {
    super(db, {
      lease: LEASE,
      leaseSeconds: LEASE_SECONDS,
      intervalMs: INTERVAL_MS,
      firstDelayMs: 5_000,
      log: options.log,
      failure: 'vote trace sweep failed',
    });
  }

  /** One sweep: what it forgot. */
  protected async work(): Promise<{ votes: number; days: number }> {
    const before = new Date(this.options.now() - this.options.retentionDays * DAY_MS);
    let votes = 0;
    let changed: number;
    do {
      changed = await this.repository.forgetVoteTraces(before, BATCH);
      votes += changed;
      // Renewed between batches: a first sweep over millions of votes may outlast one lease.
      if (changed === BATCH) await this.renewLease();
    } while (changed === BATCH && !this.stopped);
    const days = await this.repository.forgetVoterDays(before);
    if (votes > 0 || days > 0) this.options.log.info({ votes, days, before }, 'vote traces past retention forgotten');
    return { votes, days };
  }
}
