import type { AppContext } from '@server/core/context';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import type { BureauDb, BureauTables } from './bureau-tables';

/**
 * What the bureau's own queries need (decision 0016), built once when the tool registers. The other
 * bureau services work through core's registry, lookup and documents on `AppContext`.
 */
export interface BureauDeps {
  db: BureauDb;
  /** The records search takes a different path on each database (search-registry-pairs.ts). */
  dialect: Dialect;
}

export function makeBureauDeps(ctx: Pick<AppContext, 'database'>): BureauDeps {
  return { db: toolDb<BureauTables>(ctx.database), dialect: ctx.database.dialect };
}
