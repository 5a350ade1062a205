import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a list people read a page at a time (the owner console's audit log, roles and keys:
 * decisions 0027 and 0074): `ordered`'s rows for the page, and how many rows `filtered` holds. The
 * order must end on a unique column, or rows sharing a value could show on two pages or on none.
 */
export async function readOffsetPage<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: Row[]; page: number; pageSize: number; total: number }> {
  const [rows, count] = await Promise.all([
    ordered
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered
      .select(sql<number | string>`count(*)`.as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL answers count(*) as a bigint, which the driver hands over as text.
  return { rows, page, pageSize, total: Number(count.n) };
}
