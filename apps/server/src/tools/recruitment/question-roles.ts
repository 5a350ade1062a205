import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDb } from './recruitment-tables';

/**
 * Issue 13 item 3: the roles a question is asked for ([] = every role), replacing what it had. Each
 * must be a current role, or one the question already had: a removed role stays in its scope (so the
 * question is not asked for every role, and is again for that role once it is restored), and the list
 * the admins read back must save as it is. Runs inside the caller's transaction so a refusal writes nothing.
 */
export async function setQuestionRoles(trx: RecruitmentDb, questionId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length) {
    const [found, had] = await Promise.all([
      trx.selectFrom('recruitment_roles').select('id').where('id', 'in', roleIds).where('deleted_at', 'is', null).execute(),
      trx.selectFrom('recruitment_question_roles').select('role_id as id').where('question_id', '=', questionId).execute(),
    ]);
    const known = new Set([...found, ...had].map((r) => r.id));
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
