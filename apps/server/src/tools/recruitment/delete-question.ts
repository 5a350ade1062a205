import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §7 POST /api/questions/{id}/delete. Submitted answers stay (000 §3 answers are keyed by
 * question id) and each application keeps the question's text as it was when answered.
 */
export async function deleteQuestion(deps: Pick<RecruitmentDeps, 'db' | 'now'>, id: number): Promise<{ success: true }> {
  // Issue 13 item 3: removed by marking it, so restore-managed-item can undo it (decision 0029).
  const result = await deps.db
    .updateTable('recruitment_questions')
    .set({ deleted_at: deps.now() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', 'There is no such question.');
  return { success: true };
}
