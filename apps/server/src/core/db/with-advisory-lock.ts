import crypto from 'node:crypto';
import type { DbHandle } from './database';

/**
 * Runs `work` while holding a PostgreSQL session advisory lock named `name`, so processes sharing one
 * database take turns (issue 10 item 11: two instances seeding one empty database). The lock lives on
 * a connection of its own, held until `work` ends; a process that dies mid-way loses its connection
 * and with it the lock. `work` uses the pool as usual. SQLite has one process per file
 * (ARCHITECTURE.md §5), so there `work` simply runs.
 */
export async function withAdvisoryLock<T>(database: Pick<DbHandle, 'pgPool'>, name: string, work: () => Promise<T>): Promise<T> {
  if (!database.pgPool) return work();
  // The lock key is a bigint; take it from a hash of the name so names never need a registry.
  const key = crypto.createHash('sha256').update(`guildhall:${name}`).digest().readBigInt64BE(0).toString();
  const client = await database.pgPool.connect();
  // Decision 0048: the lock's connection dropping frees the lock in PostgreSQL while `work` runs on,
  // so another process may have taken its turn: the caller hears of it, once `work` has ended.
  let lost: Error | null = null;
  const onLost = (error: Error) => (lost ??= error);
  client.on('error', onLost);
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    let result: T;
    try {
      result = await work();
    } finally {
      if (!lost) await client.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
    if (lost) throw new Error(`the "${name}" lock was lost while it was held (its connection dropped)`, { cause: lost });
    return result;
  } finally {
    client.removeListener('error', onLost);
    client.release(lost ?? undefined);
  }
}
