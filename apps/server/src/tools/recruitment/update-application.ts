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
import { notifyApplicant } from './notify-applicant';
import { isUniqueViolation } from '@server/core/db/database';
import { recordAudit } from './record-audit';

export type ApplicationUpdate = z.output<typeof UpdateApplicationRequest>;

/** Feedback as stored: empty or only spaces is none. */
const storedFeedback = (text: string | null) => (text === null || text.trim() === '' ? null : text);

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
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('recruitment_applications')
      .select(['id', 'user_id', 'username', 'job', 'status', 'stage_id', 'stage_name', 'feedback', 'withdrawn_at'])
      .where('id', '=', id)
      // Held from this read on (PostgreSQL; SQLite's one writer already serialises): of racing moves
      // (a double click, two admins) each reads what the last one left, so one change is audited and
      // told to the applicant once, not once per click.
      .$if(deps.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!current) throw new DomainError('not_found', 'There is no such application.');
    const now = deps.now();
    const changes: {
      status?: string;
      stage_id?: number;
      stage_name?: string;
      stage_color?: string;
      feedback?: string | null;
      stage_entered_at?: number;
      open_user_id?: string | null;
      closed_at?: number | null;
    } = {};
    // One audit row per real change (feedback, stage), written in the same transaction as the change.

    const stage =
      update.stageId !== undefined && update.stageId !== null && update.stageId !== current.stage_id
        ? await trx
            .selectFrom('recruitment_stages')
            .select(['id', 'name', 'color'])
            .where('id', '=', update.stageId)
            .where('deleted_at', 'is', null) // issue 13 item 3: a removed stage is no longer offered
            .executeTakeFirst()
        : null;
    // Decision 0058: a move from a view that showed another stage (a colleague moved it since) would
    // undo their move unseen; one that asks for where it already is changes nothing and passes.
    if (stage && update.expectedStageId !== undefined && update.expectedStageId !== current.stage_id)
      throw new DomainError(
        'conflict',
        `Another admin moved this application to ${current.stage_name ?? 'no stage'} since you opened it. Look at it again, then move it.`,
      );
    if (stage === undefined) throw new DomainError('invalid_input', 'stageId: that stage does not exist (it may have been removed).');
    // Decision 0028: a withdrawal closes the application; deciding it afterwards sent a decision the
    // applicant had walked away from and stopped them applying again.
    if (stage && current.withdrawn_at !== null) throw new DomainError('recruitment.withdrawn');
    const newStatus = stage ? statusForStageName(stage.name) : current.status;

    if (update.feedback !== undefined) {
      const feedback = storedFeedback(update.feedback);
      const seen = update.expectedFeedback === undefined ? current.feedback : storedFeedback(update.expectedFeedback);
      // 000 §2/§7: the card sends its feedback with every stage change and every save. When another
      // admin saved feedback since this card was read (decision 0058), the copy it sends back is stale:
      // unedited, it is not a change (theirs stays; it silently wiped it); edited, the two disagree
      // and this admin is told instead of overwriting a text they never saw.
      const unchangedHere = seen !== current.feedback && feedback === seen;
      if (seen !== current.feedback && !unchangedHere && feedback !== current.feedback)
        throw new DomainError(
          'conflict',
          'Another admin changed the feedback of this application since you opened it. Reload to see their feedback, then save yours again.',
        );
      if (feedback !== current.feedback && !unchangedHere) {
        // Decision 0058 (amended): read under the row lock above, so a withdrawal committed first is
        // seen here and one arriving after waits for this write; the applicant who withdrew is never
        // sent feedback on an application they walked away from. Sending the stored text again passes.
        if (current.withdrawn_at !== null) throw new DomainError('recruitment.withdrawn_feedback');
        // 000 §4: feedback is read-only while the application is decided; a call that moves it back
        // to a Pending stage reopens it, so its new feedback goes with it (issue 10 item 17).
        if (isDecided(current.status) && isDecided(newStatus)) throw new DomainError('recruitment.feedback_locked');
        changes.feedback = feedback;
        await recordAudit(trx, { applicationId: id, actor, kind: 'feedback', from: current.feedback, to: feedback, at: now });
      }
    }

    if (stage) {
      Object.assign(changes, {
        stage_id: stage.id,
        stage_name: stage.name,
        stage_color: stage.color,
        status: newStatus,
        stage_entered_at: now,
      });
      // Issue 13 item 7 (decision 0050): the stages' ids beside their names, for the Reports funnel.
      await recordAudit(trx, {
        applicationId: id,
        actor,
        kind: 'stage',
        from: current.stage_name,
        to: stage.name,
        fromStageId: current.stage_id,
        toStageId: stage.id,
        at: now,
      });
      // Issue 13 item 2: Declined closes the application (the applicant may apply again after the
      // cooldown); moved back from Declined it is open again, unless it was withdrawn.
      if (newStatus === 'Declined' && current.status !== 'Declined') Object.assign(changes, { open_user_id: null, closed_at: now });
      if (newStatus !== 'Declined' && current.status === 'Declined' && current.withdrawn_at === null)
        Object.assign(changes, { open_user_id: current.user_id, closed_at: null });
    }

    if (Object.keys(changes).length) {
      try {
        await trx
          .updateTable('recruitment_applications')
          .set({ ...changes, status_updated_at: now })
          .where('id', '=', id)
          .execute();
      } catch (error) {
        // Issue 13 item 2: reopening a Declined application while its applicant has a newer open one.
        if (isUniqueViolation(error)) throw new DomainError('recruitment.reopen_conflict');
        throw error;
      }
    }
    const status = newStatus as ApplicationStatus;
    // Issue 13 item 5: the applicant hears of a new stage or new feedback by a Discord DM (a durable
    // job); decision 0043: the DM and the webhook's message commit with the change they tell of.
    if (changes.stage_name !== undefined || changes.feedback !== undefined)
      await notifyApplicant(
        deps,
        {
          applicationId: id,
          userId: current.user_id,
          job: current.job,
          stage: changes.stage_name ?? null,
          feedback: changes.feedback ?? null,
        },
        trx,
      );
    if (status !== current.status && isDecided(status))
      await postWebhookMessage(
        deps,
        `${status === 'Accepted' ? '✅' : '❌'} Application #${id} from ${current.username} for ${current.job}: ${status} (stage "${changes.stage_name!}", by ${actor.name}).`,
        trx,
      );
    return {
      success: true as const,
      status,
      stageId: changes.stage_id ?? current.stage_id,
      feedback: changes.feedback !== undefined ? changes.feedback : current.feedback,
    };
  });
}
