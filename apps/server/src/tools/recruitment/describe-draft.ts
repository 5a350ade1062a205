import { type Draft, UPLOAD_PATH_PATTERN } from '@guildhall/contracts/recruitment';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import { parseJsonRecord } from './list-applications';

/** A stored draft row: the new application's form (recruitment_drafts) or an edit's (recruitment_edit_drafts). */
interface DraftRow {
  job_selection: string;
  answers: string;
  updated_at: number;
}

/**
 * Issue 13 item 2: a saved form as the browser restores it, uploads included: a file answer is kept
 * only while it names an upload of this person that still exists, with its file name for the form.
 */
export async function describeDraft(deps: Pick<RecruitmentDeps, 'db'>, userId: string, row: DraftRow): Promise<Draft> {
  const answers = parseJsonRecord(row.answers);
  const uploadIds = new Map<string, string>();
  for (const [questionId, answer] of Object.entries(answers)) {
    const match = typeof answer === 'string' ? UPLOAD_PATH_PATTERN.exec(answer) : null;
    if (match) uploadIds.set(questionId, match[1]!);
  }
  const uploads = uploadIds.size
    ? await deps.db
        .selectFrom('recruitment_uploads')
        .select(['id', 'file_name'])
        .where('id', 'in', [...uploadIds.values()])
        .where('owner_id', '=', userId)
        .execute()
    : [];
  const names = new Map(uploads.map((u) => [u.id, u.file_name]));
  const kept: Record<string, string> = {};
  const fileNames: Record<string, string> = {};
  for (const [questionId, answer] of Object.entries(answers)) {
    if (typeof answer !== 'string') continue;
    const uploadId = uploadIds.get(questionId);
    if (uploadId === undefined) kept[questionId] = answer;
    else if (names.has(uploadId)) {
      kept[questionId] = answer;
      fileNames[questionId] = names.get(uploadId)!;
    }
  }
  return { jobSelection: row.job_selection, answers: kept, fileNames, updatedAt: toIso(row.updated_at) };
}
