import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { RecruitmentDeps } from './recruitment-deps';
import type { RecruitmentTables } from './recruitment-tables';
import { reviewerHasActed } from './reviewer-has-acted';
import { lockOwnerUploads } from './upload-owner-lock';

/** Uploads looked at per run; a run that finds a full batch leaves the rest to the next one. */
const BATCH = 500;

type OrphanDeps = Pick<RecruitmentDeps, 'db' | 'storage' | 'now' | 'uploadOrphanTtlMs' | 'dialect' | 'log'>;

/**
 * Issue 12 item 2: an upload that no application (nor a draft, issue 13 item 2, nor the edit draft of
 * an application that may still be edited, decision 0028) uses is removed, row and bytes, once it is
 * older than UPLOAD_ORPHAN_TTL_HOURS. "Uses" means its URL appears in the answers (000 §7: a file
 * answer is the upload's own URL, /recruitment/api/uploads/<id>/<name>).
 * The row goes first, in its own transaction that takes the owner's upload lock (upload-owner-lock.ts)
 * and then checks again that nothing uses it. A submit or an edit checks the uploads it names under the
 * same lock in the transaction that writes the answers, so one naming this upload at the same moment
 * either commits first (this check, made after the lock is granted, sees it: the row stays) or waits
 * and is refused as naming no upload: never an answer pointing at bytes that are gone. The conditional
 * delete alone did not close this on PostgreSQL: under READ COMMITTED its snapshot could predate the
 * submit's commit. A draft save takes no lock: a draft promises nothing (read-draft.ts drops uploads
 * that are gone, and its submit checks again). The bytes follow once the row's delete has committed; a
 * crash in between leaves bytes no row names, which nothing can serve. Safe to run again and on
 * several processes at once.
 */
export async function removeOrphanUploads(deps: OrphanDeps): Promise<{ removed: number; bytes: number }> {
  const cutoff = deps.now() - deps.uploadOrphanTtlMs;
  const draftsExist = await tableExists(deps, 'recruitment_drafts');
  const unused = (eb: ExpressionBuilder<RecruitmentTables, 'recruitment_uploads'>) => {
    const pattern = sql<string>`('%/uploads/' || ${eb.ref('recruitment_uploads.id')} || '/%')`;
    const inApplications = sql<SqlBool>`exists (select 1 from recruitment_applications a where a.answers like ${pattern})`;
    // Drafts arrive with issue 13 item 2; until their table exists there is nothing to look in.
    const inDrafts = draftsExist
      ? sql<SqlBool>`exists (select 1 from recruitment_drafts d where d.answers like ${pattern})`
      : sql<SqlBool>`false`;
    return sql<SqlBool>`not (${inApplications} or ${inDrafts} or ${inEditDraft(eb, pattern)})`;
  };
  const candidates = await deps.db
    .selectFrom('recruitment_uploads')
    .select(['id', 'owner_id'])
    .where('created_at', '<', cutoff)
    .where(unused)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  let removed = 0;
  let bytes = 0;
  for (const candidate of candidates) {
    const gone = await deps.db.transaction().execute(async (trx) => {
      // Granted only once any submit or edit of this owner in flight has committed (or rolled back);
      // the delete below is a new statement, so on PostgreSQL its snapshot then includes that commit.
      await lockOwnerUploads(trx, deps.dialect, candidate.owner_id);
      return trx
        .deleteFrom('recruitment_uploads')
        .where('id', '=', candidate.id)
        .where('created_at', '<', cutoff)
        .where(unused)
        .returning(['storage_key', 'size'])
        .executeTakeFirst();
    });
    if (!gone) continue;
    await deps.storage.delete(gone.storage_key);
    removed += 1;
    bytes += Number(gone.size);
  }
  if (removed) deps.log.info({ removed, bytes }, 'removed uploads no application uses');
  return { removed, bytes };
}

/**
 * Decision 0028: an edit form that may still be saved keeps its uploads, however long it stays open:
 * its edit draft names them while the application is open, Pending and untouched by reviewers (as
 * edit-application.ts requires). Once it cannot be saved any more, they are unused like any other.
 */
function inEditDraft(eb: ExpressionBuilder<RecruitmentTables, 'recruitment_uploads'>, pattern: Expression<string>) {
  return eb.exists(
    eb
      .selectFrom('recruitment_edit_drafts')
      .innerJoin('recruitment_applications', 'recruitment_applications.id', 'recruitment_edit_drafts.application_id')
      .select(sql<number>`1`.as('one'))
      .where('recruitment_edit_drafts.answers', 'like', pattern)
      .where('recruitment_applications.open_user_id', 'is not', null)
      .where('recruitment_applications.status', '=', 'Pending')
      .where((inner) => inner.not(reviewerHasActed(inner))),
  );
}

async function tableExists(deps: Pick<OrphanDeps, 'db' | 'dialect'>, table: string): Promise<boolean> {
  const query =
    deps.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass(${table})::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = ${table}`;
  const { rows } = await query.execute(deps.db);
  return Boolean(rows[0]?.found);
}
