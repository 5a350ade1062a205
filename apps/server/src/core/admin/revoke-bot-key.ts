import { ApiKeyStore } from '../auth/api-keys';
import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { AppContext } from '../context';

/** Revokes a live key; false when there is no such key or it was revoked already. The audit line commits with it. */
export function revokeBotKey(ctx: Pick<AppContext, 'database' | 'now'>, actor: AuditActor, id: string): Promise<boolean> {
  return ctx.database.db.transaction().execute(async (tx) => {
    const store = new ApiKeyStore(tx, ctx.now);
    if (!(await store.revoke(id))) return false;
    const name = (await store.list()).find((k) => k.id === id)?.name ?? null;
    await recordAudit(tx, ctx.now, actor, { action: 'api_key.revoked', target: id, detail: name });
    return true;
  });
}
