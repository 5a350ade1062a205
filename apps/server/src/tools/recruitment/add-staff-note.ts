import type { AddNoteRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';

/** Beyond 000: a private staff note on an application; only admins ever read notes. */
export async function addStaffNote(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  actor: Actor,
  applicationId: number,
  request: AddNoteRequest,
): Promise<CreatedAnswer> {
  const exists = await deps.db.selectFrom('recruitment_applications').select('id').where('id', '=', applicationId).executeTakeFirst();
  if (!exists) throw new DomainError('not_found', 'There is no such application.');
  const row = await deps.db
    .insertInto('recruitment_notes')
    .values({ application_id: applicationId, author_id: actor.id, author_name: actor.name, body: request.body, created_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
