import type { Redis } from 'ioredis';
import type * as IoRedis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { lazyRequire } from '../lazy/lazy-require';

// Issue 17 item 6: loaded when REDIS_URL is set, not by every start.
const loadIoRedis = lazyRequire<typeof IoRedis>('ioredis');

/**
 * Issue 12 item 1: the one Redis connection of a process (REDIS_URL), shared by the rate limits and
 * the per-account sign-in throttle. Every key starts with REDIS_KEY_PREFIX, so several deployments
 * (or test files) can share one Redis. A command waits at most one second and is not retried while
 * Redis is away: the limits then let requests through (docs/decisions/0023) instead of holding them.
 */
export function createRedisClient(url: string, keyPrefix: string, log: FastifyBaseLogger): Redis {
  const redis = new (loadIoRedis().Redis)(url, { keyPrefix, commandTimeout: 1_000, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'Redis is not answering; rate limits and the sign-in throttle let requests through');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis answers again; rate limits are shared again');
    down = false;
  });
  return redis;
}
