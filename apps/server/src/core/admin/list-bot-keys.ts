import type { ApiKeysQuery } from '@guildhall/contracts/admin';
import type { Kysely } from 'kysely';
import { type ApiKeyInfo, type ApiKeyTables, toInfo } from '../auth/api-keys';
import type { CoreTables } from '../db/core-tables';
import { readOffsetPage } from '../db/read-offset-page';

/**
 * A page of the bot API keys, newest first (the id, unique, settles keys made in the same millisecond).
 * Decision 0074: live keys only unless `revoked` is `show`; a revoked key stays in the table for the
 * audit log, and listed forever it buried the live ones.
 */
export async function listBotKeys(
  db: Kysely<CoreTables>,
  query: ApiKeysQuery,
): Promise<{ keys: ApiKeyInfo[]; page: number; pageSize: number; total: number }> {
  let keys = db.withTables<ApiKeyTables>().selectFrom('api_keys');
  if (query.revoked === 'hide') keys = keys.where('revoked_at', 'is', null);
  const { rows, ...page } = await readOffsetPage(keys, keys.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), query);
  return { keys: rows.map(toInfo), ...page };
}
