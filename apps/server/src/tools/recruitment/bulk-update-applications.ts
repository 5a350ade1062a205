import type { BulkUpdateAnswer, BulkUpdateRequest } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';
import { updateApplication } from './update-application';

/**
 * Issue 13 item 4: POST /api/applications/bulk-update {ids, stageId, feedback?}: move the selected
 * applications to one stage, with one feedback text, in one action. Each goes through
 * updateApplication, so the rules (000 §4 status from the stage, locked feedback), the audit trail
 * and what follows a change are those of a single move. A missing stage or application refuses the
 * whole request before anything is written; one that a rule refuses (its feedback is locked), or
 * that fails on our side, is listed in `failed` and the others are moved.
 */
export async function bulkUpdateApplications(deps: RecruitmentDeps, actor: Actor, request: BulkUpdateRequest): Promise<BulkUpdateAnswer> {
  const stage = await deps.db
    .selectFrom('recruitment_stages')
    .select('id')
    .where('id', '=', request.stageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!stage) throw new DomainError('invalid_input', 'stageId: that stage does not exist (it may have been removed).');
  const found = await deps.db.selectFrom('recruitment_applications').select('id').where('id', 'in', request.ids).execute();
  const known = new Set(found.map((r) => r.id));
  const missing = request.ids.find((id) => !known.has(id));
  if (missing !== undefined) throw new DomainError('not_found', `There is no application ${missing}.`);

  const answer: BulkUpdateAnswer = { updated: [], failed: [] };
  for (const id of request.ids) {
    try {
      await updateApplication(deps, actor, id, {
        stageId: request.stageId,
        ...(request.feedback !== undefined ? { feedback: request.feedback } : {}),
      });
      answer.updated.push(id);
    } catch (error) {
      // Each move is its own transaction: one that fails on our side (decision 0043: its DM could not
      // be stored) changed nothing and is listed with the others' outcomes, instead of a 500 that
      // would hide which of the earlier ones were moved.
      if (!(error instanceof DomainError)) deps.log.warn({ err: error, applicationId: id }, 'bulk move: an application was not moved');
      const failure = error instanceof DomainError ? error : new DomainError('internal');
      answer.failed.push({ id, code: failure.code, error: failure.message });
    }
  }
  return answer;
}
