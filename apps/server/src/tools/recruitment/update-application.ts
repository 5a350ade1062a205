import type { z } from 'zod';
import {
  type ApplicationStatus,
  type UpdateApplicationAnswer,
  type UpdateApplicationRequest,
  isDecided,
  statusForStageName,
} from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';
import { postWebhookMessage } from './post-webhook-message';

export type ApplicationUpdate = z.output<typeof UpdateApplicationRequest>;

/**
 * 000 §7 POST /api/applications/{id}/update {status, feedback, stageId}. The status is derived from
 * the stage name on the server (000 §4), so a client's status field is ignored. Feedback is
 * read-only while the application is Accepted or Declined and the call keeps it so (000 §4); sending
 * the same feedback again (the web app sends it with every stage change) is not a change. Each real
 * change is written to the audit trail in the same transaction.
 */
export async function updateApplication(
  deps: RecruitmentDeps,
  actor: Actor,
  id: number,
  update: ApplicationUpdate,
): Promise<UpdateApplicationAnswer> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('recruitment_applications')
      .select(['id', 'username', 'job', 'status', 'stage_id', 'stage_name', 'feedback'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new DomainError('not_found', 'There is no such application.');
    const now = deps.now();
    const changes: { status?: string; stage_id?: number; stage_name?: string; stage_color?: string; feedback?: string | null } = {};
    // One audit row per real change (feedback, stage), written in the same transaction as the change.
    const audit = (kind: 'feedback' | 'stage', from: string | null, to: string | null) =>
      trx
        .insertInto('recruitment_audit')
        .values({ application_id: id, actor_id: actor.id, actor_name: actor.name, kind, from_value: from, to_value: to, at: now })
        .execute();

    const stage =
      update.stageId !== undefined && update.stageId !== null && update.stageId !== current.stage_id
        ? await trx.selectFrom('recruitment_stages').select(['id', 'name', 'color']).where('id', '=', update.stageId).executeTakeFirst()
        : null;
    if (stage === undefined) throw new DomainError('invalid_input', 'stageId: that stage does not exist (it may have been removed).');
    const newStatus = stage ? statusForStageName(stage.name) : current.status;

    if (update.feedback !== undefined) {
      const feedback = update.feedback === null || update.feedback.trim() === '' ? null : update.feedback;
      if (feedback !== current.feedback) {
        // 000 §4: feedback is read-only while the application is decided; a call that moves it back
        // to a Pending stage reopens it, so its new feedback goes with it (issue 10 item 17).
        if (isDecided(current.status) && isDecided(newStatus)) throw new DomainError('recruitment.feedback_locked');
        changes.feedback = feedback;
        await audit('feedback', current.feedback, feedback);
      }
    }

    if (stage) {
      Object.assign(changes, { stage_id: stage.id, stage_name: stage.name, stage_color: stage.color, status: newStatus });
      await audit('stage', current.stage_name, stage.name);
    }

    if (Object.keys(changes).length) {
      await trx
        .updateTable('recruitment_applications')
        .set({ ...changes, status_updated_at: now })
        .where('id', '=', id)
        .execute();
    }
    const status = newStatus as ApplicationStatus;
    return {
      answer: {
        success: true as const,
        status,
        stageId: changes.stage_id ?? current.stage_id,
        feedback: changes.feedback !== undefined ? changes.feedback : current.feedback,
      },
      decided:
        status !== current.status && isDecided(status)
          ? { username: current.username, job: current.job, status, stage: changes.stage_name! }
          : null,
    };
  });
  if (result.decided) {
    const { username, job, status, stage } = result.decided;
    void postWebhookMessage(
      deps,
      `${status === 'Accepted' ? '✅' : '❌'} Application #${id} from ${username} for ${job}: ${status} (stage "${stage}", by ${actor.name}).`,
    );
  }
  return result.answer;
}
