import { sql } from 'kysely';
import type { SearchRecordsAnswer, SearchRecordsQuery } from '@guildhall/contracts/bureau';
import type { BureauDeps } from './bureau-deps';

type Row = { discord_id: string; roblox_id: string };

/** Trigram indexes (FTS5 trigram, pg_trgm) answer a substring match only for 3+ characters. */
const TRIGRAM = 3;
/** Keys read in order before the search turns to the trigram index. */
const SCAN_WINDOW = 20_000;

/**
 * 001 §2 Records tool, §5: trimmed, case-insensitive substring match on the chosen id type, one page
 * at a time in Discord-id order (keyset pagination, so a deep page costs what the first one does).
 * Ids are digits only (contracts/core DiscordId, RobloxId), so a query with anything else matches nothing.
 *
 * Neither database can tell in advance how common a needle is, so the search adapts: a common needle
 * fills a page from the next SCAN_WINDOW keys read in order; a rare one is found by the trigram index
 * past that window (FTS5 on SQLite, pg_trgm GIN on PostgreSQL; see migrations.ts). Measured on a
 * million pairs: the index alone spent ~50 ms sorting the ~17,000 hits of a 3-digit needle, and
 * PostgreSQL's planner alone sometimes walked the whole key for a rare one (~0.8 s); this stays near 10 ms.
 */
export async function searchRegistryPairs(
  deps: BureauDeps,
  query: SearchRecordsQuery,
  tuning: { scanWindow?: number } = {},
): Promise<SearchRecordsAnswer> {
  const { limit } = query;
  const needle = query.q.toLowerCase();
  if (!/^\d*$/.test(needle)) return { items: [], nextCursor: null };
  const rows = await findRows(deps, query, needle, tuning.scanWindow ?? SCAN_WINDOW);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ discordId: r.discord_id, robloxId: r.roblox_id })),
    nextCursor: rows.length > limit ? (page[page.length - 1]?.discord_id ?? null) : null,
  };
}

async function findRows(deps: BureauDeps, query: SearchRecordsQuery, needle: string, scanWindow: number): Promise<Row[]> {
  const { db, dialect } = deps;
  const column = query.type === 'discord' ? 'discord_id' : 'roblox_id';
  const want = query.limit + 1;
  const pattern = `%${needle}%`;
  // 001 §5 asks for a case-insensitive match; ids are digits only (checked above), where LIKE is
  // exactly that, and plain LIKE is cheaper than ILIKE on PostgreSQL. pg_trgm indexes both.
  const like = 'like';
  const pairs = () => {
    let list = db.selectFrom('registry_pairs').select(['discord_id', 'roblox_id']);
    if (query.after) list = list.where('discord_id', '>', query.after);
    return list;
  };

  if (needle.length < TRIGRAM) {
    // One or two digits match a large share of ids: the first keys in order fill the page.
    const list = needle ? pairs().where(sql.ref(column), like, pattern) : pairs();
    return list.orderBy('discord_id').limit(want).execute();
  }

  // The key SCAN_WINDOW rows ahead (SQLite reads it from the covering index registry_pairs_search_order).
  let ahead = db.selectFrom('registry_pairs').select('discord_id');
  if (query.after) ahead = ahead.where('discord_id', '>', query.after);
  const edge = await ahead
    .orderBy('discord_id')
    .limit(1)
    .offset(scanWindow - 1)
    .executeTakeFirst();

  let near = pairs().where(sql.ref(column), like, pattern);
  if (edge) near = near.where('discord_id', '<=', edge.discord_id);
  const found = await near.orderBy('discord_id').limit(want).execute();
  // Fewer keys than the window remain: the scan above has seen them all.
  if (found.length >= want || !edge) return found;

  const missing = want - found.length;
  let rest: Row[];
  if (dialect === 'postgres') {
    // MATERIALIZED keeps the planner from trading the GIN index for an ordered walk of the key.
    const { rows } = await sql<Row>`with hits as materialized (
        select discord_id, roblox_id from registry_pairs where ${sql.ref(column)} like ${pattern}
      )
      select discord_id, roblox_id from hits where discord_id > ${edge.discord_id} order by discord_id limit ${missing}`.execute(db);
    rest = rows;
  } else {
    rest = await db
      .selectFrom('bureau_pairs_search')
      .select(['discord_id', 'roblox_id'])
      .where(column, 'like', pattern)
      .where('discord_id', '>', edge.discord_id)
      .orderBy('discord_id')
      .limit(missing)
      .execute();
  }
  return [...found, ...rest];
}
