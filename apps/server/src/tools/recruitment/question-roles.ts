import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDb } from './recruitment-tables';

/**
 * Issue 13 item 3: the roles a question is asked for ([] = every role), replacing what it had. Each
 * must be a current role; runs inside the caller's transaction so a refusal writes nothing.
 */
export async function setQuestionRoles(trx: RecruitmentDb, questionId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length) {
    const found = await trx
      .selectFrom('recruitment_roles')
      .select('id')
      .where('id', 'in', roleIds)
      .where('deleted_at', 'is', null)
      .execute();
    const known = new Set(found.map((r) => r.id));
    const missing = roleIds.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new DomainError('invalid_input', `roleIds: role ${missing} does not exist (it may have been removed).`);
  }
  await trx.deleteFrom('recruitment_question_roles').where('question_id', '=', questionId).execute();
  if (roleIds.length)
    await trx
      .insertInto('recruitment_question_roles')
      .values(roleIds.map((role_id) => ({ question_id: questionId, role_id })))
      .execute();
}
