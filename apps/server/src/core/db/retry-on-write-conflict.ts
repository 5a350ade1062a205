import { isUniqueViolation } from './database';
import { DomainError } from '../errors/domain-error';

/** PostgreSQL's "deadlock detected": one of two crossing transactions is rolled back and may run again. */
const DEADLOCK_DETECTED = '40P01';

export interface RetryOptions {
  /** Tries in all; enough for the concurrency a person can cause (issue 10 item 9 measured eight at once). */
  attempts?: number;
  /** The sentence a person reads if every try lost its race (a 409, never a 500). */
  giveUp?: string;
  /** Only a deadlock runs again: a unique violation is the caller's own to answer. */
  deadlocksOnly?: boolean;
}

/**
 * Runs `write` (one statement, or a whole transaction) again when it lost a race: a concurrent
 * writer committed the row a unique index allows once, or the two deadlocked. Issue 10 item 9: the
 * unique index keeps the data right, and running again makes the loser see the winner's row, so the
 * caller gets an answer instead of a 500. `write` must be safe to run again (its transaction rolled
 * back), and must not be called inside an outer transaction (PostgreSQL cannot go on after an error).
 */
export async function retryOnWriteConflict<T>(write: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 25;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(options.deadlocksOnly ? isDeadlock(error) : isUniqueViolation(error) || isDeadlock(error))) throw error;
      if (attempt >= attempts) throw new DomainError('conflict', options.giveUp);
      // A little jitter, so racers that lost together do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DEADLOCK_DETECTED;
}
