import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis connection for shared limits (vote counters, login failures, route limits). No offline
 * queue: while Redis is down a command fails at once (each caller fails open or falls back) instead of
 * holding requests for reconnects. `ready` resolves on the first connection, or after a second at
 * most, so the first requests after start are counted rather than failing before the connection.
 */
export function connectRedis(url: string, log: Logger): { redis: Redis; ready: Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false });
  redis.on('error', (err) => log.warn({ err }, 'redis connection error'));
  const ready = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    setTimeout(resolve, 1_000).unref();
  });
  return { redis, ready };
}
