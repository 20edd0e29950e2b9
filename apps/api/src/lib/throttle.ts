import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisHealth, connectRedis } from './redis.ts';

/**
 * Escalating delay after repeated failures (login; docs/security.md item 2, ADR 0011). Under one key,
 * after `free` failures within the window each further attempt must wait 2^(n-free) × `baseDelayMs`
 * (1 s) after the last one, capped at `maxDelaySeconds`: with free = 10 and a 60 s cap, at most about 10 + 3600/60 = 70
 * attempts an hour stay possible (ASVS asks for at most 100).
 *
 * An attempt is counted *before* the password is checked and forgiven if it succeeds, so parallel
 * guesses cannot all pass the check before any failure is written. Several keys (account, IP…) are
 * judged together: the attempt is counted under all of them only if none says wait.
 */
export interface ThrottleRule {
  key: string;
  free: number;
}

export interface ThrottleSettings {
  /** The first wait after the free failures (LOGIN_BACKOFF_MS); it doubles with each further failure. */
  baseDelayMs: number;
  maxDelaySeconds: number;
  windowMs: number;
}

const DEFAULTS: ThrottleSettings = { baseDelayMs: 1_000, maxDelaySeconds: 60, windowMs: 3_600_000 };
/** Failures kept per key: more never lengthen the delay (it is capped long before). */
const KEEP = 128;

export interface FailureThrottle {
  /**
   * When every rule allows an attempt at `now`, counts one under each key as `attemptId` and
   * returns 0; otherwise counts nothing and returns the seconds still to wait. Atomic.
   */
  attempt(rules: ThrottleRule[], attemptId: string, now: number): Promise<number>;
  /** The attempt succeeded: it no longer counts under `keys`. */
  forgive(keys: string[], attemptId: string): Promise<void>;
  /** Forgets every failure under `keys`. */
  reset(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export class MemoryFailureThrottle implements FailureThrottle {
  private readonly failures = new Map<string, { id: string; at: number }[]>();
  private readonly s: ThrottleSettings;

  constructor(settings: Partial<ThrottleSettings> = {}) {
    this.s = { ...DEFAULTS, ...settings };
  }

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((f) => now - f.at < this.s.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private waitMs(rule: ThrottleRule, now: number): number {
    const list = this.recent(rule.key, now);
    if (list.length < rule.free) return 0;
    const delayMs = Math.min(2 ** (list.length - rule.free) * this.s.baseDelayMs, this.s.maxDelaySeconds * 1000);
    return Math.max(0, list.at(-1)!.at + delayMs - now);
  }

  async attempt(rules: ThrottleRule[], attemptId: string, now: number): Promise<number> {
    const wait = Math.max(0, ...rules.map((r) => this.waitMs(r, now)));
    if (wait > 0) return Math.ceil(wait / 1000);
    for (const { key } of rules) {
      const list = this.recent(key, now);
      list.push({ id: attemptId, at: now });
      if (list.length > KEEP) list.shift();
      // Re-inserted so the Map's order is least recently failed first.
      this.failures.delete(key);
      this.failures.set(key, list);
    }
    // Bounded memory: the keys that failed least recently go first, never one under attack now.
    while (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
    return 0;
  }

  async forgive(keys: string[], attemptId: string): Promise<void> {
    for (const key of keys) {
      const list = this.failures.get(key)?.filter((f) => f.id !== attemptId);
      if (list?.length) this.failures.set(key, list);
      else this.failures.delete(key);
    }
  }

  async reset(keys: string[]): Promise<void> {
    for (const key of keys) this.failures.delete(key);
  }

  async close(): Promise<void> {
    this.failures.clear();
  }
}

// One sorted set per key (score = time of the failure). Checks every key first, then counts the
// attempt under all of them, in one script so two processes never both slip under a limit.
// KEYS: the rule keys. ARGV: now, windowMs, maxDelayMs, attemptId, keep, baseDelayMs, then one `free` per key.
// Returns the milliseconds still to wait, 0 when the attempt was counted.
const ATTEMPT_SCRIPT = `local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local maxDelay = tonumber(ARGV[3])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local n = redis.call('ZCARD', key)
  local free = tonumber(ARGV[6 + i])
  if n >= free then
    local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
    local delay = math.min(math.pow(2, n - free) * tonumber(ARGV[6]), maxDelay)
    local remaining = tonumber(last[2]) + delay - now
    if remaining > wait then wait = remaining end
  end
end
if wait > 0 then return math.ceil(wait) end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('ZREMRANGEBYRANK', key, 0, -tonumber(ARGV[5]) - 1)
  redis.call('PEXPIRE', key, window)
end
return 0`;

/**
 * The failures in Redis (REDIS_URL), shared by every API process. When Redis does not answer, this
 * process falls back to its own memory: logins keep working and stay throttled per process.
 */
export class RedisFailureThrottle implements FailureThrottle {
  private readonly redis: Redis;
  private readonly connected: Promise<void>;
  private readonly fallback: MemoryFailureThrottle;
  private readonly s: ThrottleSettings;

  constructor(
    url: string,
    log: Logger,
    settings: Partial<ThrottleSettings> = {},
    private readonly prefix = 'manto:login:',
    private readonly health = new RedisHealth(log),
  ) {
    this.s = { ...DEFAULTS, ...settings };
    this.fallback = new MemoryFailureThrottle(this.s);
    ({ redis: this.redis, ready: this.connected } = connectRedis(url, health));
  }

  private async run<T>(op: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    await this.connected;
    try {
      const result = await op();
      if (this.health.reportingLoss) this.health.succeeded();
      return result;
    } catch (err) {
      this.health.failed(err, 'login throttle (this process counts on its own)');
      return local();
    }
  }

  attempt(rules: ThrottleRule[], attemptId: string, now: number): Promise<number> {
    return this.run(
      async () => {
        const waitMs = Number(
          await this.redis.eval(
            ATTEMPT_SCRIPT,
            rules.length,
            ...rules.map((r) => this.prefix + r.key),
            now,
            this.s.windowMs,
            this.s.maxDelaySeconds * 1000,
            attemptId,
            KEEP,
            this.s.baseDelayMs,
            ...rules.map((r) => r.free),
          ),
        );
        return Math.ceil(waitMs / 1000);
      },
      () => this.fallback.attempt(rules, attemptId, now),
    );
  }

  forgive(keys: string[], attemptId: string): Promise<void> {
    return this.run(
      async () => {
        await Promise.all(keys.map((k) => this.redis.zrem(this.prefix + k, attemptId)));
      },
      () => this.fallback.forgive(keys, attemptId),
    );
  }

  reset(keys: string[]): Promise<void> {
    return this.run(
      async () => {
        if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
      },
      () => this.fallback.reset(keys),
    );
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }
}

export function createFailureThrottle(
  redisUrl: string | null,
  log: Logger,
  health?: RedisHealth,
  settings: Partial<ThrottleSettings> = {},
): FailureThrottle {
  return redisUrl
    ? new RedisFailureThrottle(redisUrl, log, settings, undefined, health)
    : new MemoryFailureThrottle(settings);
}
