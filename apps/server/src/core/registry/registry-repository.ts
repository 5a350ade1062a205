import type { Kysely, Transaction } from 'kysely';
import type { RegistryBan, RegistryInfraction } from '@guildhall/contracts/bureau';
import type { CoreTables, RegistryBansTable, RegistryInfractionsTable } from '../db/core-tables';
import type { EventBus, EventBusLog } from '../events/event-bus';
import { publishKeptChange } from '../events/publish-kept-change';

export const REGISTRY_TOPIC = 'registry';

export type Platform = RegistryInfractionsTable['platform'];

/** Declared once, in the contract (issue 11 item 5); time is seconds since epoch (001 §9). */
export type Ban = RegistryBan;
export type Infraction = RegistryInfraction;

/** What the live views hear (ARCHITECTURE.md §2 core/events). */
export type RegistryChange =
  | { kind: 'pair.upserted'; discordId: string; robloxId: string }
  | { kind: 'pair.deleted'; discordId: string }
  | { kind: 'ban.set'; robloxId: string }
  | { kind: 'ban.cleared'; robloxId: string }
  | { kind: 'infraction.added' | 'infraction.removed'; platform: Platform; subjectId: string; id: number }
  | { kind: 'imported'; pairs: number; bans: number; infractions: number };

function toBan(row: RegistryBansTable): Ban {
  return {
    robloxId: row.roblox_id,
    isBanned: row.is_banned === 1,
    moderator: row.moderator,
    reason: row.reason,
    time: row.time,
    username: row.username,
  };
}

/** The community registry (ARCHITECTURE.md §2 core/registry), shared by recruitment and bureau. */
export class RegistryRepository {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly now: () => number = Date.now,
    /** Where a change that could not be published after its commit is reported (the app's logger). */
    private readonly log: Pick<EventBusLog, 'warn'> | null = null,
  ) {}

  /**
   * Runs `work` in one transaction of `db` (this database: core's tables, or a tool's view of them
   * beside its own) with a repository on that transaction. The changes it makes are published after
   * the commit, and not at all when it rolls back: a live view never hears of a change that was not
   * kept (decision 0042); one that cannot be published then is logged, never thrown.
   */
  async transaction<DB extends CoreTables, T>(
    db: Kysely<DB>,
    work: (trx: Transaction<DB>, registry: RegistryRepository) => Promise<T>,
  ): Promise<T> {
    const held: RegistryChange[] = [];
    const holder = { publish: async (_topic: string, change: unknown) => void held.push(change as RegistryChange) };
    const result = await db.transaction().execute((trx) => {
      // The same transaction seen with core's tables only: Kysely types a narrower view as a different
      // database, though every table the repository names is there (DB extends CoreTables).
      const registry = new RegistryRepository(trx as unknown as Transaction<CoreTables>, holder, this.now);
      return work(trx, registry);
    });
    for (const change of held) await publishKeptChange(this.events, this.log, REGISTRY_TOPIC, change);
    return result;
  }

  async findPairByDiscordId(discordId: string): Promise<{ discordId: string; robloxId: string } | null> {
    const row = await this.db
      .selectFrom('registry_pairs')
      .select(['discord_id', 'roblox_id'])
      .where('discord_id', '=', discordId)
      .executeTakeFirst();
    return row ? { discordId: row.discord_id, robloxId: row.roblox_id } : null;
  }

  /** 001 §5: the Roblox lookup compares the id as a string. The oldest pair wins if several exist. */
  async findPairByRobloxId(robloxId: string): Promise<{ discordId: string; robloxId: string } | null> {
    const row = await this.db
      .selectFrom('registry_pairs')
      .select(['discord_id', 'roblox_id'])
      .where('roblox_id', '=', robloxId)
      .orderBy('updated_at')
      .orderBy('discord_id')
      .limit(1)
      .executeTakeFirst();
    return row ? { discordId: row.discord_id, robloxId: row.roblox_id } : null;
  }

  async isVerified(discordId: string): Promise<boolean> {
    return (await this.findPairByDiscordId(discordId)) !== null;
  }

  async findBan(robloxId: string): Promise<Ban | null> {
    const row = await this.db.selectFrom('registry_bans').selectAll().where('roblox_id', '=', robloxId).executeTakeFirst();
    return row ? toBan(row) : null;
  }

  /** 001 §3: sorted ascending by numeric id. */
  async listInfractions(platform: Platform, subjectId: string): Promise<Infraction[]> {
    const rows = await this.db
      .selectFrom('registry_infractions')
      .selectAll()
      .where('platform', '=', platform)
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      platform: r.platform,
      subjectId: r.subject_id,
      id: r.id,
      moderator: r.moderator,
      reason: r.reason,
      note: r.note,
    }));
  }

  async upsertPair(discordId: string, robloxId: string): Promise<void> {
    await this.db
      .insertInto('registry_pairs')
      .values({ discord_id: discordId, roblox_id: robloxId, updated_at: this.now() })
      .onConflict((oc) => oc.column('discord_id').doUpdateSet({ roblox_id: robloxId, updated_at: this.now() }))
      .execute();
    await this.publish({ kind: 'pair.upserted', discordId, robloxId });
  }

  async deletePair(discordId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('registry_pairs').where('discord_id', '=', discordId).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await this.publish({ kind: 'pair.deleted', discordId });
    return deleted;
  }

  async setBan(ban: Ban): Promise<void> {
    const values = {
      is_banned: ban.isBanned ? 1 : 0,
      moderator: ban.moderator,
      reason: ban.reason,
      time: ban.time,
      username: ban.username,
      updated_at: this.now(),
    };
    await this.db
      .insertInto('registry_bans')
      .values({ roblox_id: ban.robloxId, ...values })
      .onConflict((oc) => oc.column('roblox_id').doUpdateSet(values))
      .execute();
    await this.publish({ kind: 'ban.set', robloxId: ban.robloxId });
  }

  async clearBan(robloxId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('registry_bans').where('roblox_id', '=', robloxId).executeTakeFirst();
    const cleared = Number(result.numDeletedRows) > 0;
    if (cleared) await this.publish({ kind: 'ban.cleared', robloxId });
    return cleared;
  }

  async addInfraction(infraction: Infraction): Promise<void> {
    const values = { moderator: infraction.moderator, reason: infraction.reason, note: infraction.note };
    await this.db
      .insertInto('registry_infractions')
      .values({ platform: infraction.platform, subject_id: infraction.subjectId, id: infraction.id, ...values })
      .onConflict((oc) => oc.columns(['platform', 'subject_id', 'id']).doUpdateSet(values))
      .execute();
    await this.publish({ kind: 'infraction.added', platform: infraction.platform, subjectId: infraction.subjectId, id: infraction.id });
  }

  async removeInfraction(platform: Platform, subjectId: string, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('registry_infractions')
      .where('platform', '=', platform)
      .where('subject_id', '=', subjectId)
      .where('id', '=', id)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await this.publish({ kind: 'infraction.removed', platform, subjectId, id });
    return removed;
  }

  async publish(change: RegistryChange): Promise<void> {
    // Decision 0042: a write outside a transaction has committed by now (an import's summary after its
    // own commit, the CLI's and the seed's writes): a bus that cannot carry the news never undoes it.
    // Inside transaction() this only holds the change until the commit.
    await publishKeptChange(this.events, this.log, REGISTRY_TOPIC, change);
  }
}
