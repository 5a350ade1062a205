import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §7 POST /api/questions/{id}/delete. Submitted answers stay (000 §3 answers are keyed by
 * question id) and each application keeps the question's text as it was when answered.
 */
export async function deleteQuestion(deps: Pick<RecruitmentDeps, 'db'>, id: number): Promise<{ success: true }> {
  const result = await deps.db.deleteFrom('recruitment_questions').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'There is no such question.');
  return { success: true };
}
