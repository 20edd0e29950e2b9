import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from './client.ts';
import { acquireLease, releaseLease } from './leases.ts';

export interface LeasedJobOptions {
  /** The lease's name: one process at a time runs the job. */
  lease: string;
  leaseSeconds: number;
  /** Between the end of one run and the start of the next. */
  intervalMs: number;
  /** Before the first run, when start() is given no delay (the interval unless set). */
  firstDelayMs?: number;
  log: Logger;
  /** What the log says when a run fails. */
  failure: string;
}

/**
 * A background job that runs every interval under a named lease (leases.ts): runs never overlap in this
 * process, and a run without the lease (another process holds it) does nothing and answers null. Stopping
 * waits for the run under way. Subclasses give the run's work.
 */
export abstract class LeasedJob<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopping = false;
  private readonly holder = randomUUID();

  protected constructor(
    protected readonly db: Db,
    private readonly job: LeasedJobOptions,
  ) {}

  /** The first run in `delayMs`, then one every interval. */
  start(delayMs = this.job.firstDelayMs ?? this.job.intervalMs): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((err) => this.job.log.error({ err }, this.job.failure))
        .then(() => this.start(this.job.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Runs soon instead of at the next interval. */
  wake(): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.start(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One run, after any under way: its result, or null without the lease or once stopped. */
  runOnce(): Promise<Result | null> {
    const run = this.running.catch(() => undefined).then(() => this.leased());
    this.running = run;
    return run;
  }

  /** Whether stop() was called: a long run checks it between its steps. */
  protected get stopped(): boolean {
    return this.stopping;
  }

  /** Keeps the lease for a run that may outlast it. */
  protected async renewLease(): Promise<void> {
    await acquireLease(this.db, this.job.lease, this.holder, this.job.leaseSeconds);
  }

  protected abstract work(): Promise<Result>;

  private async leased(): Promise<Result | null> {
    if (this.stopping) return null;
    if (!(await acquireLease(this.db, this.job.lease, this.holder, this.job.leaseSeconds))) return null;
    try {
      return await this.work();
    } finally {
      await releaseLease(this.db, this.job.lease, this.holder);
    }
  }
}
