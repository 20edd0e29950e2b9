import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { acquireLease, releaseLease } from '#db/leases.ts';
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
export class VoteTraceJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly holder = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly repository: VoteRepository,
    private readonly options: { retentionDays: number; now: () => number; log: Logger },
  ) {}

  start(delayMs = 5_000): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((err) => this.options.log.error({ err }, 'vote trace sweep failed'))
        .then(() => this.start(INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One sweep, after any under way: what it forgot, or null when another process holds the lease. */
  runOnce(): Promise<{ votes: number; days: number } | null> {
    const run = this.running.catch(() => undefined).then(() => this.sweep());
    this.running = run;
    return run;
  }

  private async sweep(): Promise<{ votes: number; days: number } | null> {
    if (this.stopped) return null;
    if (!(await acquireLease(this.db, LEASE, this.holder, LEASE_SECONDS))) return null;
    try {
      const before = new Date(this.options.now() - this.options.retentionDays * DAY_MS);
      let votes = 0;
      let changed: number;
      do {
        changed = await this.repository.forgetVoteTraces(before, BATCH);
        votes += changed;
        // Renewed between batches: a first sweep over millions of votes may outlast one lease.
        if (changed === BATCH) await acquireLease(this.db, LEASE, this.holder, LEASE_SECONDS);
      } while (changed === BATCH && !this.stopped);
      const days = await this.repository.forgetVoterDays(before);
      if (votes > 0 || days > 0) this.options.log.info({ votes, days, before }, 'vote traces past retention forgotten');
      return { votes, days };
    } finally {
      await releaseLease(this.db, LEASE, this.holder);
    }
  }
}
