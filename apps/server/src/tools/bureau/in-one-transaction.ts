import { sql } from 'kysely';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { BureauWriteDeps } from './bureau-deps';

/**
 * Decision 0042: a bureau write (the registry row, its case, its history, the job that lifts a ban) is
 * kept whole or not at all. `work` gets the same deps on one transaction: its reads see its own writes,
 * and the registry's change events go out after the commit. Called inside another write's transaction
 * (a claim's decision relinks pairs), it joins that one, so the outer write stays whole too.
 *
 * `oneAtATime`: the record the write reads first and then decides on (a pair, a ban, a subject's
 * infractions). PostgreSQL runs writes with the same key one after the other (a transaction-scoped
 * advisory lock), as SQLite's one writer does, so five racing resends of a first link write one
 * `pair.linked`, not four: there is no row yet that `for update` could hold.
 */
export async function inOneTransaction<T>(
  deps: BureauWriteDeps,
  work: (tx: BureauWriteDeps) => Promise<T>,
  oneAtATime?: string,
): Promise<T> {
  const run = async (tx: BureauWriteDeps) => {
    if (oneAtATime !== undefined && tx.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended(${`bureau:${oneAtATime}`}, 0))`.execute(tx.db);
    return work(tx);
  };
  if (deps.db.isTransaction) return run(deps);
  // A write that holds one record and waits for another can cross one that takes them the other way
  // round (a bot's ban write takes the ban, then its cases; staff expiring or amending a case take the
  // case, then its ban or infraction), and PostgreSQL ends one of the two as a deadlock. Every write
  // here is one transaction that reads what it decides on, so the one ended runs again whole, after
  // the other has committed, instead of answering a 500.
  return retryOnWriteConflict(() => deps.registry.transaction(deps.db, (db, registry) => run({ ...deps, db, registry })), {
    deadlocksOnly: true,
    attempts: 5,
    giveUp: 'This record was being changed by someone else at the same moment. Please try again.',
  });
}
