import { sql, type Kysely } from 'kysely';
import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { CoreTables } from '../db/core-tables';
import type { Dialect } from '../db/database';
import { DomainError } from '../errors/domain-error';
import type { GrantRole } from '../auth/grant-store';
import type { AppContext } from '../context';

/**
 * Takes a role away (revoking what is not held changes nothing); the audit line commits with it.
 * `byOwner`: the owner taking an owner role away from the console, who must still be one when the
 * change commits (see ownerStillHolds).
 */
export async function revokeRole(
  ctx: Pick<AppContext, 'grants' | 'now' | 'database'>,
  actor: AuditActor,
  discordId: string,
  role: GrantRole,
  byOwner?: string,
): Promise<{ changed: boolean }> {
  const changed = await ctx.grants.revoke(discordId, role, async (tx) => {
    if (role === 'owner' && byOwner !== undefined) await ownerStillHolds(tx, ctx.database.dialect, byOwner);
    await recordAudit(tx, ctx.now, actor, { action: 'grant.revoked', target: discordId, detail: role });
  });
  return { changed };
}

/**
 * Two owners taking the owner role from each other at the same moment each passed the gate as an
 * owner, and both removals committed: nobody was left who could open the console. Owner removals run
 * one after the other (a transaction-scoped advisory lock on PostgreSQL; SQLite has one writer), and
 * the remover must still hold the role when theirs commits, read after the other's commit.
 */
async function ownerStillHolds(tx: Kysely<CoreTables>, dialect: Dialect, ownerId: string): Promise<void> {
  await lockOwnerRemovals(tx, dialect);
  const held = await tx
    .selectFrom('grants')
    .select('role')
    .where('discord_id', '=', ownerId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  if (!held) throw new DomainError('admin.no_longer_owner');
}

/** One owner removal at a time (PostgreSQL); exported for the test that stages two at once. */
export async function lockOwnerRemovals(tx: Kysely<CoreTables>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended('guildhall:owner-removals', 0))`.execute(tx);
}
