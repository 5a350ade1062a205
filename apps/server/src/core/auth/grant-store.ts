import { ADMIN_GRANT_ROLES } from '@guildhall/contracts/admin';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/core-tables';
import type { EventBus, EventBusLog } from '../events/event-bus';
import { publishKeptChange } from '../events/publish-kept-change';
import { AUTH_TOPIC, type AuthEvent } from './auth-events';

// ARCHITECTURE.md §4: the grants a Discord user can hold; `owner` opens the owner console (/admin,
// issue 12 item 7). The list lives in the contract so the console offers only these.
export const GRANT_ROLES = ADMIN_GRANT_ROLES;
export type GrantRole = (typeof GRANT_ROLES)[number];

export function isGrantRole(value: string): value is GrantRole {
  return (GRANT_ROLES as readonly string[]).includes(value);
}

/** More writes that commit (or roll back) together with a grant change. */
type InTransaction = (tx: Kysely<CoreTables>) => Promise<void>;

export class GrantStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly now: () => number = Date.now,
    private readonly log: Pick<EventBusLog, 'warn'> | null = null,
  ) {}

  /**
   * Idempotent: granting twice keeps one row. Answers whether a row was added; `alsoWhenChanged` runs
   * in the same transaction when it was (issue 12 item 7: the audit line commits with the grant).
   */
  async grant(discordId: string, role: GrantRole, alsoWhenChanged?: InTransaction): Promise<boolean> {
    const added = await this.db.transaction().execute(async (tx) => {
      const result = await tx
        .insertInto('grants')
        .values({ discord_id: discordId, role, granted_at: this.now() })
        .onConflict((oc) => oc.columns(['discord_id', 'role']).doNothing())
        .executeTakeFirst();
      const changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      if (changed && alsoWhenChanged) await alsoWhenChanged(tx);
      return changed;
    });
    await this.changed(discordId);
    return added;
  }

  /** Answers whether a row was removed; `alsoWhenChanged` runs in the same transaction when it was. */
  async revoke(discordId: string, role: GrantRole, alsoWhenChanged?: InTransaction): Promise<boolean> {
    const removed = await this.db.transaction().execute(async (tx) => {
      const result = await tx.deleteFrom('grants').where('discord_id', '=', discordId).where('role', '=', role).executeTakeFirst();
      const changed = Number(result.numDeletedRows) > 0;
      if (changed && alsoWhenChanged) await alsoWhenChanged(tx);
      return changed;
    });
    // Announced after the commit, so whoever re-checks access reads the new grants.
    if (removed) await this.changed(discordId);
    return removed;
  }

  /** Issue 10 item 3: open streams of this person check their access again. */
  private changed(discordId: string): Promise<void> {
    return publishKeptChange(this.events, this.log, AUTH_TOPIC, { kind: 'grants.changed', discordId } satisfies AuthEvent);
  }

  async rolesOf(discordId: string): Promise<GrantRole[]> {
    const rows = await this.db.selectFrom('grants').select('role').where('discord_id', '=', discordId).orderBy('role').execute();
    return rows.map((r) => r.role).filter(isGrantRole);
  }

  async has(discordId: string, role: GrantRole): Promise<boolean> {
    const row = await this.db
      .selectFrom('grants')
      .select('role')
      .where('discord_id', '=', discordId)
      .where('role', '=', role)
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(role?: GrantRole): Promise<Array<{ discordId: string; role: GrantRole; grantedAt: number }>> {
    let query = this.db.selectFrom('grants').selectAll().orderBy('role').orderBy('discord_id');
    if (role) query = query.where('role', '=', role);
    const rows = await query.execute();
    return rows
      .filter((r) => isGrantRole(r.role))
      .map((r) => ({ discordId: r.discord_id, role: r.role as GrantRole, grantedAt: r.granted_at }));
  }
}
