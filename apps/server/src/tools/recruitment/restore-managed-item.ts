import type { ManagedList } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import { MANAGED_TABLES, NOT_FOUND } from './managed-lists';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 3: POST /api/{stages|roles|questions}/{id}/restore, the undo of a delete. The row
 * comes back as it was, in its old place (a removed row keeps its place and, for a question, its roles).
 */
export async function restoreManagedItem(deps: Pick<RecruitmentDeps, 'db'>, list: ManagedList, id: number): Promise<{ success: true }> {
  const result = await deps.db
    .updateTable(MANAGED_TABLES[list])
    .set({ deleted_at: null })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', `${NOT_FOUND[list]} (Only a removed one can be restored.)`);
  return { success: true };
}
