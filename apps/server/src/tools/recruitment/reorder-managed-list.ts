import { sql } from 'kysely';
import type { ManagedList } from '@guildhall/contracts/recruitment';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { DomainError } from '@server/core/errors/domain-error';
import { MANAGED_TABLES } from './managed-lists';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 3: POST /api/{stages|roles|questions}/reorder {ids}. `ids` must be exactly the live
 * rows (a list that changed meanwhile is refused, never half applied). Stage orderings are unique
 * (index recruitment_stages_ordering), so the rows first move out of the way to negative places and
 * then take 0..n-1, all in one transaction: no moment has two rows on one place. Removed rows keep
 * their places after the live ones, so an undo puts them back where they were. Only the rows read
 * are touched, so a stage created meanwhile keeps its place (above every place handed out here).
 */
export async function reorderManagedList(deps: Pick<RecruitmentDeps, 'db'>, list: ManagedList, ids: number[]): Promise<{ success: true }> {
  const table = MANAGED_TABLES[list];
  await retryOnWriteConflict(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom(table).select(['id', 'deleted_at']).orderBy('ordering').orderBy('id').execute();
        const live = new Set(rows.filter((r) => r.deleted_at === null).map((r) => r.id));
        if (ids.length !== live.size || ids.some((id) => !live.has(id)))
          throw new DomainError('conflict', `ids: the ${list} changed while you were reordering them; reload and try again.`);
        const order = [...ids, ...rows.filter((r) => r.deleted_at !== null).map((r) => r.id)];
        await trx
          .updateTable(table)
          .set({ ordering: sql<number>`-1 - ordering` })
          .where('id', 'in', order)
          .execute();
        for (const [place, id] of order.entries()) await trx.updateTable(table).set({ ordering: place }).where('id', '=', id).execute();
      }),
    { giveUp: `The ${list} were being reordered by someone else at the same time; please try again.` },
  );
  return { success: true };
}
