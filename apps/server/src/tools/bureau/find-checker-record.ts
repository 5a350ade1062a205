import { sql } from 'kysely';
import type { CheckStatusQuery } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import type { CachedProfileRow } from '@server/core/lookup/profile-lookup';
import type { Ban } from '@server/core/registry/registry-repository';

type Deps = Pick<AppContext, 'database'>;

/** Everything the status checker needs, read at once: the pair, its ban, and both cached profiles. */
export interface CheckerRecord {
  pair: { discordId: string; robloxId: string } | null;
  ban: Ban | null;
  /** profile_cache rows (null: none); only meaningful for the ids the answer names. */
  discordCache: CachedProfileRow;
  robloxCache: CachedProfileRow;
}

interface Row {
  discord_id: string | null;
  roblox_id: string | null;
  ban_roblox_id: string | null;
  is_banned: number | null;
  moderator: string | null;
  reason: string | null;
  time: number | null;
  username: string | null;
  discord_data: string | null;
  discord_fetched_at: number | null;
  roblox_data: string | null;
  roblox_fetched_at: number | null;
}

// Every key here is a primary key or the registry_pairs_roblox_id index, so each join is one index probe.
const COLUMNS = sql.raw(`b.roblox_id as ban_roblox_id, b.is_banned, b.moderator, b.reason, b.time, b.username,
  dc.data as discord_data, dc.fetched_at as discord_fetched_at, rc.data as roblox_data, rc.fetched_at as roblox_fetched_at`);

/**
 * The public checker's reads (001 §2, §4) as ONE indexed query instead of four (pair, ban, two
 * profile_cache rows): the checker is the public, high-traffic route (ARCHITECTURE.md §7, bench/checker.ts).
 * By Discord id: null when no pair holds it. By Roblox id: always a record, since a ban alone still
 * answers (001 §4 "Not Verified"); the oldest pair holding the id wins, as in RegistryRepository.
 * Failures (a missing table) are thrown: the caller falls back to separate reads (001 §8).
 */
export async function findCheckerRecord(deps: Deps, query: CheckStatusQuery): Promise<CheckerRecord | null> {
  const { db } = deps.database;
  const statement =
    query.type === 'discord'
      ? sql<Row>`select p.discord_id, p.roblox_id, ${COLUMNS}
          from registry_pairs p
          left join registry_bans b on b.roblox_id = p.roblox_id
          left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
          left join profile_cache rc on rc.platform = 'roblox' and rc.id = p.roblox_id
          where p.discord_id = ${query.id}`
      : // 001 §5: compared as a string; a pair found this way holds exactly q.id, so the ban and the
        // Roblox profile are keyed on q.id whether or not a pair exists.
        sql<Row>`select p.discord_id, p.roblox_id, ${COLUMNS}
          from (select cast(${query.id} as text) as id) q
          left join registry_pairs p on p.discord_id = (
            select o.discord_id from registry_pairs o where o.roblox_id = q.id order by o.updated_at, o.discord_id limit 1)
          left join registry_bans b on b.roblox_id = q.id
          left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
          left join profile_cache rc on rc.platform = 'roblox' and rc.id = q.id`;
  const row = (await statement.execute(db)).rows[0];
  if (!row) return null;
  return {
    pair: row.discord_id !== null && row.roblox_id !== null ? { discordId: row.discord_id, robloxId: row.roblox_id } : null,
    ban:
      row.ban_roblox_id !== null
        ? {
            robloxId: row.ban_roblox_id,
            isBanned: row.is_banned === 1,
            moderator: row.moderator,
            reason: row.reason,
            time: row.time,
            username: row.username,
          }
        : null,
    discordCache:
      row.discord_data !== null && row.discord_fetched_at !== null ? { data: row.discord_data, fetched_at: row.discord_fetched_at } : null,
    robloxCache:
      row.roblox_data !== null && row.roblox_fetched_at !== null ? { data: row.roblox_data, fetched_at: row.roblox_fetched_at } : null,
  };
}
