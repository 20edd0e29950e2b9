import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A lost Redis is reported again at most this often, with the count of failures since (docs/security.md §13). */
export const REDIS_REPORT_INTERVAL_MS = 60_000;

/**
 * Whether this process's Redis connections work, and the one place that logs when they do not. While Redis
 * is unreachable every connection fails a reconnect about every 2 s and every command that needs it fails:
 * logged one by one, that was over a thousand warnings with stacks in a quarter of an hour. Here the loss is
 * logged once (with the first error), then a summary at most once a minute (how many failures since), and
 * the recovery once every connection is back. `now` is the app's clock (tests move it).
 */
export class RedisHealth {
  private readonly connections = new Set<Redis>();
  private down: { since: number; reportedAt: number; failures: number; lastError: string } | null = null;
  /** Called on every failure, logged or not (tests wait on it). */
  onFailure: (() => void) | null = null;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** 1 when every connection is ready (and there is at least one), for the `manto_redis_up` gauge. */
  get up(): boolean {
    return this.connections.size > 0 && [...this.connections].every((c) => c.status === 'ready');
  }

  watch(redis: Redis): void {
    this.connections.add(redis);
    redis.on('error', (err) => this.failed(err, 'connection'));
    redis.on('ready', () => this.succeeded());
    redis.on('end', () => this.connections.delete(redis));
  }

  /** A connection attempt or a command failed; `source` says what the caller does instead. */
  failed(err: unknown, source: string): void {
    const now = this.now();
    const message = err instanceof Error ? err.message : String(err);
    this.onFailure?.();
    if (!this.down) {
      this.down = { since: now, reportedAt: now, failures: 0, lastError: message };
      this.log.warn(
        { err, source },
        'redis unreachable: shared limits fail open and login throttling counts per process until it is back',
      );
      return;
    }
    this.down.failures++;
    this.down.lastError = message;
    if (now - this.down.reportedAt < REDIS_REPORT_INTERVAL_MS) return;
    this.log.warn(
      { failures: this.down.failures, downSeconds: Math.round((now - this.down.since) / 1000), lastError: message },
      'redis still unreachable',
    );
    this.down.reportedAt = now;
    this.down.failures = 0;
  }

  /** A connection is ready or a command answered: the recovery is logged once every connection is back. */
  succeeded(): void {
    if (!this.down || !this.up) return;
    const now = this.now();
    this.log.info(
      { downSeconds: Math.round((now - this.down.since) / 1000), failuresSinceLastReport: this.down.failures },
      'redis reachable again',
    );
    this.down = null;
  }

  /** Whether a loss is being reported (callers skip `succeeded` otherwise: the vote path stays cheap). */
  get reportingLoss(): boolean {
    return this.down !== null;
  }
}

/**
 * A Redis connection for shared limits (vote counters, login failures, route limits). No offline
 * queue: while Redis is down a command fails at once (each caller fails open or falls back) instead of
 * holding requests for reconnects. `ready` resolves on the first connection, or after a second at
 * most, so the first requests after start are counted rather than failing before the connection.
 * Its failures are logged through `health` (one per process, shared by its connections).
 */
export function connectRedis(url: string, health: RedisHealth): { redis: Redis; ready: Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false });
  health.watch(redis);
  const ready = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    setTimeout(resolve, 1_000).unref();
  });
  return { redis, ready };
}
