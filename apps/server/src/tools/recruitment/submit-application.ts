import type { z } from 'zod';
import type { SubmitApplicationAnswer, SubmitApplicationRequest } from '@guildhall/contracts/recruitment';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { assertMayApply } from './assert-may-apply';
import type { RecruitmentDeps } from './recruitment-deps';
import { checkAnswers } from './check-answers';
import { lockOwnerUploads } from './upload-owner-lock';
import { listStages } from './list-stages';
import { postWebhookMessage } from './post-webhook-message';

export type Submission = z.output<typeof SubmitApplicationRequest>;

export interface Applicant {
  userId: string;
  username: string;
  avatar: string | null;
}

/**
 * 000 §7 POST /api/submit {jobSelection, answers}. Checked here because 000 §5 leaves the server
 * side to us: applications are open and inside the period; the role exists; every current question
 * is answered by its type (a choice among its options, a file this applicant uploaded); no answer to
 * a question that does not exist (check-answers.ts). One open application per user is the unique
 * index on open_user_id (issue 13 item 2), so two tabs or a double click create one and the other
 * gets 409 (000 §4).
 */
export async function submitApplication(
  deps: RecruitmentDeps,
  applicant: Applicant,
  submission: Submission,
): Promise<SubmitApplicationAnswer> {
  await assertMayApply(deps, applicant.userId);

  // 000 §4: the first stage in the list is the default for new applications.
  const [firstStage] = await listStages(deps);
  const now = deps.now();
  let id: number;
  try {
    // Issue 13 item 2: the draft becomes the application; decision 0043: the webhook's message commits with it.
    id = await deps.db.transaction().execute(async (trx) => {
      // Issue 12 item 2: the answers (and so the uploads they name) are checked under this person's
      // upload lock, in the transaction that inserts the application. The orphan clean-up deletes an
      // upload under the same lock, so either it ran first (the upload is gone and this is a clear 400)
      // or it waits for this commit and then sees the application naming the upload. Checked outside
      // the transaction, the upload could be removed between the check and the insert on PostgreSQL.
      await lockOwnerUploads(trx, deps.dialect, applicant.userId);
      const { role, answers, labels } = await checkAnswers({ db: trx }, applicant.userId, submission);
      const row = await trx
        .insertInto('recruitment_applications')
        .values({
          user_id: applicant.userId,
          username: applicant.username,
          username_lower: applicant.username.toLowerCase(),
          avatar: applicant.avatar,
          role_id: role.id,
          job: role.name,
          answers: JSON.stringify(answers),
          question_labels: JSON.stringify(labels),
          status: 'Pending',
          stage_id: firstStage?.id ?? null,
          stage_name: firstStage?.name ?? null,
          stage_color: firstStage?.color ?? null,
          feedback: null,
          created_at: now,
          status_updated_at: now,
          // Issue 13 item 2: open until Declined or withdrawn; the unique index keeps one open per user.
          open_user_id: applicant.userId,
          withdrawn_at: null,
          closed_at: null,
          stage_entered_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // 000 §4: claim the draft's row before deleting it, so a draft save still in flight (save-draft.ts)
      // is waited for and then deleted here, rather than committing after this delete missed it.
      await trx
        .insertInto('recruitment_drafts')
        .values({ user_id: applicant.userId, job_selection: '', answers: '{}', updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await trx.deleteFrom('recruitment_drafts').where('user_id', '=', applicant.userId).execute();
      await postWebhookMessage(deps, `📝 New application #${row.id} from ${applicant.username} for ${role.name}.`, trx);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('recruitment.already_applied');
    throw error;
  }
  return { success: true, id };
}
