import type { Logger } from 'pino';

/** Tasks waiting at most; beyond, new ones are dropped (and logged): the answers never depended on them. */
const MAX_PENDING = 1_000;

/**
 * Work a request starts but does not wait for, because its answer must not depend on it: whether
 * forgot-password or resend-confirmation found an account shows neither in the answer nor in its
 * timing (docs/security.md item 3). Tasks run after the answer is on its way, one at a time and in
 * order, so two requests for one address still see each other's one-time token (one mail a minute).
 */
export class AfterAnswer {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly log: Logger,
    private readonly maxPending = MAX_PENDING,
  ) {}

  run(task: string, work: () => Promise<void>): void {
    if (this.pending >= this.maxPending) {
      this.log.warn({ task }, 'after-answer queue full: task dropped');
      return;
    }
    this.pending += 1;
    this.tail = this.tail
      // setImmediate: past the reply's write, which happens in the microtasks after the handler returns.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .catch((err: unknown) => this.log.error({ err, task }, 'after-answer task failed'))
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** Resolves once every task queued so far has run (app close, tests). */
  settled(): Promise<void> {
    return this.tail;
  }
}
