import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisHealth, connectRedis } from './redis.ts';

/**
 * Fixed-window counters for vote rate limits. In memory for one process; in Redis when
 * REDIS_URL is set, so every API process shares them (docs/ranking.md §6).
 */
export interface Counters {
  /** Adds one to `key` and returns the count in the current window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    current.count++;
    return current.count;
  }

  /** Drops expired windows at most once a minute, so memory follows the active voters only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

// INCR and set the expiry on the first hit, atomically.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

export class RedisCounters implements Counters {
  private readonly redis: Redis;
  /** The first connection, waited for at most a second; afterwards a lost Redis fails at once. */
  private readonly connected: Promise<void>;

  /** `health` logs failures (once, then a summary a minute); one per process, shared by its connections. */
  constructor(
    url: string,
    log: Logger,
    private readonly prefix = 'manto:',
    private readonly health = new RedisHealth(log),
  ) {
    ({ redis: this.redis, ready: this.connected } = connectRedis(url, health));
  }

  async hit(key: string, windowMs: number): Promise<number> {
    await this.connected;
    try {
      const count = Number(await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs));
      if (this.health.reportingLoss) this.health.succeeded();
      return count;
    } catch (err) {
      // Fail open: losing the limiter for a moment is better than refusing every vote.
      this.health.failed(err, 'vote and feedback counters (requests allowed)');
      return 0;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** `now` moves the in-memory windows only: Redis windows expire on Redis's own clock. */
export function createCounters(
  redisUrl: string | null,
  log: Logger,
  now: () => number = Date.now,
  health?: RedisHealth,
): Counters {
  return redisUrl ? new RedisCounters(redisUrl, log, undefined, health) : new MemoryCounters(now);
}
