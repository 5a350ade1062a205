import { sql } from 'kysely';
import type { Dialect } from '@server/core/db/database';
import type { RecruitmentDb } from './recruitment-tables';

/**
 * The one per-person lock on a person's uploads, held to the end of the caller's transaction. It
 * serialises what decides whether an upload row may exist or go:
 * - recording an upload against the quota (decision 0024, save-upload.ts);
 * - a submit or an edit that names uploads (submit-application.ts, edit-application.ts), which checks
 *   them again under it;
 * - the orphan clean-up's delete of that person's upload (remove-orphan-uploads.ts), so its "nothing
 *   uses it" check runs after any submit or edit in flight has committed.
 * PostgreSQL: a transaction-scoped advisory lock (the key text is unchanged since decision 0024, so
 * a process still running older code during a deploy takes the same lock). SQLite runs one write
 * transaction at a time, so it needs none.
 */
export async function lockOwnerUploads(trx: RecruitmentDb, dialect: Dialect, ownerId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`guildhall:recruitment-upload-quota:${ownerId}`}, 0))`.execute(trx);
}
