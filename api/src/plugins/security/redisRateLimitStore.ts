import type { Redis } from 'ioredis';
import { RateLimitStoreDown, scopeName, type LimitScope } from './rateLimitStore.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * One request counted in a fixed window: the first count opens it. A key found without an expiry (written by
 * hand, or left by a crash between the two calls) gets one, or it would never reset.
 */
const COUNT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), math.max(0, redis.call('PTTL', KEYS[1]))}`;

function countsOf(reply: unknown): { current: number; ttl: number } {
  const [current, ttl] = reply as [number, number];
  return { current: Number(current), ttl: Number(ttl) };
}

/**
 * The rate-limit store in Redis (REDIS_URL), counting like the PostgreSQL one. The plugin's own Redis store
 * hands its errors on as they are, a 500; here any failure is RateLimitStoreDown, a 503 that says so.
 */
export function redisRateLimitStore(redis: Redis, keyPrefix: string) {
  const prefix = `${keyPrefix}rate-limit:`;
  class RedisRateLimitStore {
    constructor(private readonly scope = 'global') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      redis.eval(COUNT, 1, `${prefix}${this.scope}|${key}`, timeWindow).then(
        (reply) => callback(null, countsOf(reply)),
        (error: unknown) => callback(new RateLimitStoreDown(error)),
      );
    }

    read(key: string, callback: Callback): void {
      redis.eval(READ, 1, `${prefix}${this.scope}|${key}`).then(
        (reply) => callback(null, countsOf(reply)),
        (error: unknown) => callback(new RateLimitStoreDown(error)),
      );
    }

    child(scope: LimitScope) {
      return new RedisRateLimitStore(scopeName(scope));
    }
  }
  return RedisRateLimitStore;
}
