import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { GrantRole } from '../auth/grant-store';
import type { AppContext } from '../context';

/** Takes a role away (revoking what is not held changes nothing); the audit line commits with it. */
export async function revokeRole(
  ctx: Pick<AppContext, 'grants' | 'now'>,
  actor: AuditActor,
  discordId: string,
  role: GrantRole,
): Promise<{ changed: boolean }> {
  const changed = await ctx.grants.revoke(discordId, role, (tx) =>
    recordAudit(tx, ctx.now, actor, { action: 'grant.revoked', target: discordId, detail: role }),
  );
  return { changed };
}
