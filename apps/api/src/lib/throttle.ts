/**
 * Escalating delay after repeated failures (login per account and per IP). After `free` failures
 * within the hour, each further attempt must wait 2^(n-free) s, capped at `maxDelaySeconds`; at most
 * ~5 + 3600/60 ≈ 65 attempts an hour per account stay possible (ASVS asks for ≤100).
 *
 * Kept in process memory: one API process per deployment for now. Shared state across processes
 * (Redis) arrives with the vote rate limits.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly free: number,
    private readonly maxDelaySeconds = 60,
    private readonly windowMs = 3_600_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds the caller must still wait before another attempt, 0 when allowed. */
  waitSeconds(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.free) return 0;
    const delayMs = Math.min(2 ** (list.length - this.free), this.maxDelaySeconds) * 1000;
    const remaining = list[list.length - 1]! + delayMs - now;
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
