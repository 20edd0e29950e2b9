import { Redis } from 'ioredis';

/**
 * The local Redis the shared-limit suites use. Outside CI they skip with a warning when it does not
 * answer; in CI (CI set) that is an error, so the suites can never be skipped there unnoticed.
 */
export const REDIS_URL = 'redis://127.0.0.1:6379';

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const inCi = () => !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());

/**
 * Whether a test file's Redis suites run: true when Redis answers (said once in the log, so a CI log
 * shows they ran); false with a warning when it does not; throws instead when running in CI.
 */
export async function redisSuitesRun(file: string, url = REDIS_URL): Promise<boolean> {
  if (await redisReachable(url)) {
    console.info(`${file}: Redis answers at ${url}; the Redis suites run`);
    return true;
  }
  if (inCi()) throw new Error(`${file}: Redis does not answer at ${url}; CI must start Redis for the Redis suites`);
  console.warn(`${file}: Redis not reachable at ${url}; the Redis suites are skipped`);
  return false;
}
