import { DomainError } from '@server/core/errors/domain-error';
import type { NewQuestion } from './create-question';
import { setQuestionRoles } from './question-roles';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 3: POST /api/questions/{id}/update {text, type, options, roleIds}. Applications keep
 * the question text they were answered under (question_labels) and their answers, whatever changes.
 */
export async function updateQuestion(deps: Pick<RecruitmentDeps, 'db'>, id: number, request: NewQuestion): Promise<{ success: true }> {
  const options = request.type === 'multiple-choice' ? JSON.stringify(request.options ?? []) : null;
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('recruitment_questions')
      .set({ text: request.text, type: request.type, options })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', 'There is no such question.');
    await setQuestionRoles(trx, id, request.roleIds);
  });
  return { success: true };
}
