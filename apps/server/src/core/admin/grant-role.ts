import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { GrantRole } from '../auth/grant-store';
import type { AppContext } from '../context';

/** Gives a Discord user a role (idempotent); the audit line commits with the grant, only when it changed anything. */
export async function grantRole(
  ctx: Pick<AppContext, 'grants' | 'now'>,
  actor: AuditActor,
  discordId: string,
  role: GrantRole,
): Promise<{ changed: boolean }> {
  const changed = await ctx.grants.grant(discordId, role, (tx) =>
    recordAudit(tx, ctx.now, actor, { action: 'grant.given', target: discordId, detail: role }),
  );
  return { changed };
}
