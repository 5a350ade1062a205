import type { BureauWriteDeps } from './bureau-deps';

/**
 * Decision 0042: a bureau write (the registry row, its case, its history, the job that lifts a ban) is
 * kept whole or not at all. `work` gets the same deps on one transaction: its reads see its own writes,
 * and the registry's change events go out after the commit. Called inside another write's transaction
 * (a claim's decision relinks pairs), it joins that one, so the outer write stays whole too.
 */
export function inOneTransaction<T>(deps: BureauWriteDeps, work: (tx: BureauWriteDeps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps);
  return deps.registry.transaction(deps.db, (db, registry) => work({ ...deps, db, registry }));
}
