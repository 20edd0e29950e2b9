import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '#db/client.ts';
import { acquireLease, releaseLease } from '#db/leases.ts';
import type { TournamentRepository } from './repository.ts';
import type { Rounds } from './rounds.ts';

const LEASE = 'tournaments';
const LEASE_SECONDS = 30;
/** Looks at least this often: another process may have created or changed a tournament. */
const MAX_SLEEP_MS = 30_000;

/**
 * The round job (docs/tournaments.md §5): wakes when a start or a round's end falls due (and at least every
 * 30 s), and under the `tournaments` lease draws and closes what is due. Each tournament's step is its own
 * transaction with the row locked, so the lease only saves duplicate work; correctness does not rest on it.
 */
export class TournamentJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly holder = randomUUID();
  /** Told after a pass that drew or closed something (the notification job looks at once). */
  onAdvanced: () => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly repository: TournamentRepository,
    private readonly rounds: Rounds,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Looks again at once (a tournament was saved or a round closed in this process). */
  wake(): void {
    if (!this.stopped && this.timer) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One pass: what it advanced. Runs after any pass already under way. */
  runOnce(): Promise<number> {
    const run = this.running
      .catch(() => undefined)
      .then(() => this.pass())
      .then((advanced) => {
        if (advanced > 0) this.onAdvanced();
        return advanced;
      });
    this.running = run;
    return run;
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((err) => this.log.error({ err }, 'tournament round job failed'))
        .then(() => this.repository.nextDue(new Date(this.now())))
        .catch(() => null)
        .then((next) => {
          const wait = next ? next.getTime() - this.now() : MAX_SLEEP_MS;
          this.schedule(Math.min(Math.max(wait, 50), MAX_SLEEP_MS));
        });
    }, delayMs);
    this.timer.unref();
  }

  private async pass(): Promise<number> {
    if (this.stopped) return 0;
    if (!(await acquireLease(this.db, LEASE, this.holder, LEASE_SECONDS))) return 0;
    try {
      const now = new Date(this.now());
      let advanced = 0;
      for (const id of await this.repository.due(now)) if (await this.rounds.advance(id, now)) advanced++;
      return advanced;
    } finally {
      await releaseLease(this.db, LEASE, this.holder);
    }
  }
}
