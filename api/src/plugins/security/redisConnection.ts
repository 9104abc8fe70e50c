import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long a request may wait on Redis before its rate limit gives up and the request answers 503. */
const COMMAND_TIMEOUT_MS = 300;
/** How long one connection attempt may take (a host that drops packets never refuses). */
const CONNECT_TIMEOUT_MS = 1000;
/** How long the server waits at start for Redis to answer, so its first requests do not meet a connection still opening. */
const STARTUP_WAIT_MS = 1000;

/**
 * A Redis client that fails fast: while Redis is unreachable every command is refused at once (no queue of
 * commands waiting for a reconnect, which made a dead Redis cost each request seconds), and a command Redis
 * does not answer gives up after COMMAND_TIMEOUT_MS. It keeps reconnecting in the background, and logs an
 * outage once when it starts and once when it ends, not at every retry.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    log.warn({ err: error }, 'Redis unreachable: rate-limited routes answer 503 until it is back');
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    log.info('Redis is back');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, STARTUP_WAIT_MS);
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  return redis;
}

/** Closes the client; `quit` is refused while Redis is unreachable, and then only a disconnect stops the reconnecting. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
