import type { SuccessAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';
import { postWebhookMessage } from './post-webhook-message';
import { recordAudit } from './record-audit';

/**
 * Issue 13 item 2: the applicant withdraws their Pending application. It closes (open_user_id null,
 * closed_at now, so the reapply cooldown counts from here) and the audit trail says who did it. One
 * conditional update, so a withdrawal racing a decision either lands on a Pending application or is refused.
 */
export async function withdrawApplication(deps: RecruitmentDeps, applicant: Actor): Promise<SuccessAnswer> {
  const now = deps.now();
  const withdrawn = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('recruitment_applications')
      .set({ open_user_id: null, withdrawn_at: now, closed_at: now, status_updated_at: now })
      .where('open_user_id', '=', applicant.id)
      .where('status', '=', 'Pending')
      .returning(['id', 'job', 'stage_name'])
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(trx, { applicationId: row.id, actor: applicant, kind: 'withdraw', from: row.stage_name, to: null, at: now });
    // Decision 0043: the webhook's message commits with the withdrawal.
    await postWebhookMessage(deps, `↩️ Application #${row.id} from ${applicant.name} for ${row.job} was withdrawn.`, trx);
    return row;
  });
  if (!withdrawn) throw new DomainError('recruitment.no_open_application');
  return { success: true };
}
