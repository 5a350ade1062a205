import type { DraftAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';
import { describeDraft } from './describe-draft';

/** Issue 13 item 2: the saved draft of a new application, restored on the next visit, uploads included. */
export async function readDraft(deps: Pick<RecruitmentDeps, 'db'>, userId: string): Promise<DraftAnswer> {
  const row = await deps.db.selectFrom('recruitment_drafts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { draft: row ? await describeDraft(deps, userId, row) : null };
}
