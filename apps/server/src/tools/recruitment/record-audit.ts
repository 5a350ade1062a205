import type { Actor } from './recruitment-deps';
import type { RecruitmentDb } from './recruitment-tables';

export interface AuditEntry {
  applicationId: number;
  actor: Actor;
  kind: 'feedback' | 'stage' | 'withdraw' | 'edit' | 'review';
  from: string | null;
  to: string | null;
  at: number;
}

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
    })
    .execute();
}
