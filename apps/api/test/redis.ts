import { Redis } from 'ioredis';

/** The local Redis the shared-limit tests use; they skip with a warning when it does not answer. */
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
