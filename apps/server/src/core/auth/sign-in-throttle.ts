import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';

/**
 * Issue 12 item 1: failed school sign-ins counted per student ID, whatever the client address. Each
 * attempt is counted before the password is checked (so a burst of parallel guesses cannot slip
 * through while the hashes are verified) and a success resets the count. After `maxFailures` the
 * account waits `backoffMs`, doubled for each further failure up to `maxBackoffMs`. Unknown student
 * IDs are counted the same way, so the answer never tells whether an account exists.
 */
export interface SignInThrottle {
  /** Counts an attempt; answers 0 when it may go ahead, else the milliseconds to wait (not counted). */
  attempt(account: string): Promise<number>;
  /** The right password: the account starts afresh. */
  reset(account: string): Promise<void>;
}

interface SignInThrottleOptions {
  maxFailures: number;
  backoffMs: number;
  maxBackoffMs: number;
  now: () => number;
}

/** Counts are forgotten a day after the last attempt (or after the longest wait, if longer). */
const forgetAfterMs = (options: SignInThrottleOptions) => Math.max(24 * 3_600_000, 2 * options.maxBackoffMs);

/** In memory: one process, the embedded default. Bounded, so random student IDs cannot fill the heap. */
function createMemorySignInThrottle(options: SignInThrottleOptions, maxEntries = 100_000): SignInThrottle {
  const counts = new Map<string, { attempts: number; last: number }>();
  const waitMs = (attempts: number, last: number) =>
    attempts < options.maxFailures
      ? 0
      : Math.min(options.backoffMs * 2 ** (attempts - options.maxFailures), options.maxBackoffMs) + last - options.now();
  return {
    async attempt(account) {
      const now = options.now();
      let entry = counts.get(account);
      if (entry && now - entry.last > forgetAfterMs(options)) entry = undefined;
      const wait = entry ? waitMs(entry.attempts, entry.last) : 0;
      if (wait > 0) return wait;
      counts.delete(account);
      // Map order is insertion order: the least recently tried account goes first.
      if (counts.size >= maxEntries) counts.delete(counts.keys().next().value!);
      counts.set(account, { attempts: (entry?.attempts ?? 0) + 1, last: now });
      return 0;
    },
    async reset(account) {
      counts.delete(account);
    },
  };
}

// The same rule as waitMs above, run inside Redis so that check and count are one step for every process.
const ATTEMPT_SCRIPT = `
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, maxFailures, backoff, maxBackoff = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if attempts >= maxFailures then
  local wait = math.min(backoff * 2 ^ (attempts - maxFailures), maxBackoff) + last - now
  if wait > 0 then return wait end
end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0
`;

/** In Redis (REDIS_URL): every process counts the same attempts. A Redis outage lets sign-ins through (decision 0023). */
function createRedisSignInThrottle(redis: Redis, options: SignInThrottleOptions, log: FastifyBaseLogger): SignInThrottle {
  const key = (account: string) => `sign-in:${account}`;
  return {
    async attempt(account) {
      try {
        const wait = await redis.eval(
          ATTEMPT_SCRIPT,
          1,
          key(account),
          options.now(),
          options.maxFailures,
          options.backoffMs,
          options.maxBackoffMs,
          forgetAfterMs(options),
        );
        return Number(wait);
      } catch (error) {
        log.warn({ err: error }, 'sign-in throttle: Redis did not answer; the attempt goes ahead');
        return 0;
      }
    },
    async reset(account) {
      await redis.del(key(account)).catch((error: unknown) => log.warn({ err: error }, 'sign-in throttle: Redis did not answer'));
    },
  };
}

/** In Redis when the process has a connection (REDIS_URL), else in memory. */
export function createSignInThrottle(
  config: Pick<Config, 'SIGN_IN_MAX_FAILURES' | 'SIGN_IN_BACKOFF_SECONDS' | 'SIGN_IN_BACKOFF_MAX_SECONDS'>,
  now: () => number,
  redis?: { client: Redis; log: FastifyBaseLogger },
): SignInThrottle {
  const options = {
    maxFailures: config.SIGN_IN_MAX_FAILURES,
    backoffMs: config.SIGN_IN_BACKOFF_SECONDS * 1000,
    maxBackoffMs: config.SIGN_IN_BACKOFF_MAX_SECONDS * 1000,
    now,
  };
  return redis ? createRedisSignInThrottle(redis.client, options, redis.log) : createMemorySignInThrottle(options);
}
