import { type Expression, type SqlBool, sql } from 'kysely';
import type { RecruitmentDeps } from './recruitment-deps';

/** Uploads looked at per run; a run that finds a full batch leaves the rest to the next one. */
const BATCH = 500;

type OrphanDeps = Pick<RecruitmentDeps, 'db' | 'storage' | 'now' | 'uploadOrphanTtlMs' | 'dialect' | 'log'>;

/**
 * Issue 12 item 2: an upload that no application (nor a draft, issue 13 item 2) uses is removed, row
 * and bytes, once it is older than UPLOAD_ORPHAN_TTL_HOURS. "Uses" means its URL appears in the
 * answers (000 §7: a file answer is the upload's own URL, /recruitment/api/uploads/<id>/<name>).
 * The row goes first, in one statement that checks again that nothing uses it, so a submit that
 * names the upload at the same moment either wins (the row stays) or is refused as naming no upload
 * (never an answer pointing at bytes that are gone). The bytes follow; a crash in between leaves bytes
 * no row names, which nothing can serve. Safe to run again and on several processes at once.
 */
export async function removeOrphanUploads(deps: OrphanDeps): Promise<{ removed: number; bytes: number }> {
  const cutoff = deps.now() - deps.uploadOrphanTtlMs;
  const draftsExist = await tableExists(deps, 'recruitment_drafts');
  const unused = (uploadId: Expression<string>) => {
    const pattern = sql<string>`('%/uploads/' || ${uploadId} || '/%')`;
    const inApplications = sql<SqlBool>`exists (select 1 from recruitment_applications a where a.answers like ${pattern})`;
    // Drafts arrive with issue 13 item 2; until their table exists there is nothing to look in.
    const inDrafts = draftsExist
      ? sql<SqlBool>`exists (select 1 from recruitment_drafts d where d.answers like ${pattern})`
      : sql<SqlBool>`false`;
    return sql<SqlBool>`not (${inApplications} or ${inDrafts})`;
  };
  const candidates = await deps.db
    .selectFrom('recruitment_uploads')
    .select(['id', 'storage_key'])
    .where('created_at', '<', cutoff)
    .where(({ ref }) => unused(ref('recruitment_uploads.id')))
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  let removed = 0;
  let bytes = 0;
  for (const candidate of candidates) {
    const gone = await deps.db
      .deleteFrom('recruitment_uploads')
      .where('id', '=', candidate.id)
      .where('created_at', '<', cutoff)
      .where(({ ref }) => unused(ref('recruitment_uploads.id')))
      .returning(['storage_key', 'size'])
      .executeTakeFirst();
    if (!gone) continue;
    await deps.storage.delete(gone.storage_key);
    removed += 1;
    bytes += Number(gone.size);
  }
  if (removed) deps.log.info({ removed, bytes }, 'removed uploads no application uses');
  return { removed, bytes };
}

async function tableExists(deps: Pick<OrphanDeps, 'db' | 'dialect'>, table: string): Promise<boolean> {
  const query =
    deps.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass(${table})::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = ${table}`;
  const { rows } = await query.execute(deps.db);
  return Boolean(rows[0]?.found);
}
