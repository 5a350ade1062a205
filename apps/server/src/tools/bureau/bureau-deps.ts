import type { AppContext } from '@server/core/context';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import type { CaseType } from '@guildhall/contracts/bureau';
import { parseCaseTypeLabels } from './bureau-cases';
import type { BureauDb, BureauTables } from './bureau-tables';

/**
 * What the bureau's own queries need (decision 0016), built once when the tool registers. The other
 * bureau services work through core's registry, lookup and documents on `AppContext`.
 */
export interface BureauDeps {
  db: BureauDb;
  /** Reads that must not wait behind a write (the records search): DbHandle.readDb. */
  readDb: BureauDb;
  /** The records search takes a different path on each database (search-registry-pairs.ts). */
  dialect: Dialect;
  now: () => number;
  /** Issue 14 item 2: BUREAU_CASE_TYPE_LABELS over the defaults. */
  caseTypeLabels: Record<CaseType, string>;
}

/** What the bureau's writes need besides: the shared registry (issue 14: each write keeps its history). */
export type BureauWriteDeps = BureauDeps & Pick<AppContext, 'registry' | 'jobs'>;

export function makeBureauDeps(ctx: Pick<AppContext, 'database'> & Partial<Pick<AppContext, 'now' | 'config'>>): BureauDeps {
  return {
    db: toolDb<BureauTables>(ctx.database),
    readDb: ctx.database.readDb.withTables<BureauTables>(),
    dialect: ctx.database.dialect,
    now: ctx.now ?? Date.now,
    caseTypeLabels: parseCaseTypeLabels(ctx.config?.BUREAU_CASE_TYPE_LABELS),
  };
}
