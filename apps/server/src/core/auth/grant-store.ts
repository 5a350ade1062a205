import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/core-tables';
import type { EventBus } from '../events/event-bus';
import { AUTH_TOPIC, type AuthEvent } from './auth-events';

// ARCHITECTURE.md §4: the grants a Discord user can hold.
export const GRANT_ROLES = ['recruitment-admin', 'bureau-staff'] as const;
export type GrantRole = (typeof GRANT_ROLES)[number];

export function isGrantRole(value: string): value is GrantRole {
  return (GRANT_ROLES as readonly string[]).includes(value);
}

export class GrantStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Idempotent: granting twice keeps one row. */
  async grant(discordId: string, role: GrantRole): Promise<void> {
    await this.db
      .insertInto('grants')
      .values({ discord_id: discordId, role, granted_at: this.now() })
      .onConflict((oc) => oc.columns(['discord_id', 'role']).doNothing())
      .execute();
    await this.changed(discordId);
  }

  async revoke(discordId: string, role: GrantRole): Promise<boolean> {
    const result = await this.db.deleteFrom('grants').where('discord_id', '=', discordId).where('role', '=', role).executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await this.changed(discordId);
    return removed;
  }

  /** Issue 10 item 3: open streams of this person check their access again. */
  private changed(discordId: string): Promise<void> {
    return this.events.publish(AUTH_TOPIC, { kind: 'grants.changed', discordId } satisfies AuthEvent);
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
