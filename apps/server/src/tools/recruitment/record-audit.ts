import type { Actor } from './recruitment-deps';
import type { RecruitmentDb } from './recruitment-tables';

export type AuditEntry = {
  applicationId: number;
  actor: Actor;
  from: string | null;
  to: string | null;
  at: number;
} & (
  | { kind: 'feedback' | 'withdraw' | 'edit' | 'review' }
  // Issue 13 item 7 (decision 0050): a stage move names its stages by id too, so the Reports funnel
  // counts stages, not names a rename changes; required here so no writer of a move can leave them out.
  | { kind: 'stage'; fromStageId: number | null; toStageId: number }
);

/** One line of an application's audit trail (who changed what, when), in the change's own transaction. */
export async function recordAudit(trx: RecruitmentDb, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('recruitment_audit')
    .values({
      application_id: entry.applicationId,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      kind: entry.kind,
      from_value: entry.from,
      to_value: entry.to,
      at: entry.at,
      from_stage_id: entry.kind === 'stage' ? entry.fromStageId : null,
      to_stage_id: entry.kind === 'stage' ? entry.toStageId : null,
    })
    .execute();
}
