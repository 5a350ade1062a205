import type { GrantsAnswer } from '@guildhall/contracts/admin';
import type { Kysely } from 'kysely';
import { GRANT_ROLES, type GrantRole } from '../auth/grant-store';
import type { CoreTables } from '../db/core-tables';
import { readOffsetPage } from '../db/read-offset-page';

/**
 * A page of the roles held (decision 0074), by role then Discord ID: the pair is the table's key, so
 * the order is the same on every read. A role this version does not know is not counted or listed.
 */
export async function listGrants(db: Kysely<CoreTables>, paging: { page: number; pageSize: number }): Promise<GrantsAnswer> {
  const held = db.selectFrom('grants').where('role', 'in', GRANT_ROLES);
  const { rows, ...page } = await readOffsetPage(held, held.selectAll().orderBy('role').orderBy('discord_id'), paging);
  return { grants: rows.map((r) => ({ discordId: r.discord_id, role: r.role as GrantRole, grantedAt: r.granted_at })), ...page };
}
