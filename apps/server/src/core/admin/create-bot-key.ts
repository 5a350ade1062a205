import { type ApiKeyInfo, type ApiKeyScope, ApiKeyStore } from '../auth/api-keys';
import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { AppContext } from '../context';

/** A new bot API key, its secret answered once (only the hash is kept); the audit line commits with it. */
export function createBotKey(
  ctx: Pick<AppContext, 'database' | 'now'>,
  actor: AuditActor,
  name: string,
  scopes: readonly ApiKeyScope[],
): Promise<{ key: string; info: ApiKeyInfo }> {
  return ctx.database.db.transaction().execute(async (tx) => {
    const created = await new ApiKeyStore(tx, ctx.now).create(name, scopes);
    await recordAudit(tx, ctx.now, actor, {
      action: 'api_key.created',
      target: created.info.id,
      detail: `${name} (${created.info.scopes.join(', ')})`,
    });
    return created;
  });
}
