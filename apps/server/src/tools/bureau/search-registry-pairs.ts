import { sql } from 'kysely';
import type { SearchRecordsAnswer, SearchRecordsQuery } from '@guildhall/contracts/bureau';
import type { BureauDeps } from './bureau-deps';
import type { BureauDb } from './bureau-tables';

type Row = { discord_id: string; roblox_id: string };

/** Trigram indexes (FTS5 trigram, pg_trgm) answer a substring match only for 3+ characters. */
const TRIGRAM = 3;
/**
 * Keys read in order before the search turns to the trigram index. A 3-digit needle (in 1-2 % of
 * ids) fills a page within ~3,500 Discord ids or ~6,500 Roblox ids; a 4-digit one (~0.15 %) would
 * need ~35,000, so it goes to the index either way, and every key read past a page's worth is time
 * added to each rare needle (issue 17 item 3: 20,000 cost PostgreSQL ~1.5 ms more per search).
 */
const SCAN_WINDOW = 10_000;
/**
 * Characters of the needle that PostgreSQL looks up in pg_trgm (its 5 trigrams single out a digit
 * string among a million ids): the GIN scan grows with every trigram, ~15 ms for 18 digits against
 * ~2 ms for 7, without finding fewer rows. The whole needle is then checked on those rows.
 */
const PROBE = 7;

/**
 * 001 §2 Records tool, §5: trimmed, case-insensitive substring match on the chosen id type, one page
 * at a time in Discord-id order (keyset pagination, so a deep page costs what the first one does).
 * Ids are digits only (contracts/core DiscordId, RobloxId), so a query with anything else matches nothing.
 *
 * Neither database can tell in advance how common a needle is, so the search adapts: a common needle
 * fills a page from the next SCAN_WINDOW keys read in order; a rare one is found by the trigram index
 * past that window (FTS5 on SQLite, pg_trgm GIN on PostgreSQL; see migrations.ts). Measured on a
 * million pairs: the index alone spent ~50 ms sorting the ~17,000 hits of a 3-digit needle, and
 * PostgreSQL's planner alone sometimes walked the whole key for a rare one (~0.8 s); this stays near
 * 10 ms. Both dialects give the same answer; only the way to it differs.
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

interface Search {
  needle: string;
  column: 'discord_id' | 'roblox_id';
  pattern: string;
  after: string | undefined;
  /** One row more than the page, to tell whether another page follows. */
  want: number;
  scanWindow: number;
}

async function findRows(deps: BureauDeps, query: SearchRecordsQuery, needle: string, scanWindow: number): Promise<Row[]> {
  const search: Search = {
    needle,
    column: query.type === 'discord' ? 'discord_id' : 'roblox_id',
    // 001 §5 asks for a case-insensitive match; ids are digits only (checked above), where LIKE is
    // exactly that, and plain LIKE is cheaper than ILIKE on PostgreSQL. pg_trgm indexes both.
    pattern: `%${needle}%`,
    after: query.after,
    want: query.limit + 1,
    scanWindow,
  };
  if (needle.length < TRIGRAM) {
    // One or two digits match a large share of ids: the first keys in order fill the page.
    let list = pairsAfter(deps.readDb, search.after);
    if (needle) list = list.where(sql.ref(search.column), 'like', search.pattern);
    return list.orderBy('discord_id').limit(search.want).execute();
  }
  // Decision 0045: on SQLite the search reads the last committed state on the read-only connection,
  // instead of waiting for a bureau write's transaction to let go of the app's one connection.
  return deps.dialect === 'postgres' ? findRowsPostgres(deps.readDb, search) : findRowsSqlite(deps.readDb, search);
}

function pairsAfter(db: BureauDb, after: string | undefined) {
  const list = db.selectFrom('registry_pairs').select(['discord_id', 'roblox_id']);
  return after ? list.where('discord_id', '>', after) : list;
}

async function findRowsSqlite(db: BureauDb, { column, pattern, after, want, scanWindow }: Search): Promise<Row[]> {
  // The key SCAN_WINDOW rows ahead (SQLite reads it from the covering index registry_pairs_search_order).
  let ahead = db.selectFrom('registry_pairs').select('discord_id');
  if (after) ahead = ahead.where('discord_id', '>', after);
  const edge = await ahead
    .orderBy('discord_id')
    .limit(1)
    .offset(scanWindow - 1)
    .executeTakeFirst();

  let near = pairsAfter(db, after).where(sql.ref(column), 'like', pattern);
  if (edge) near = near.where('discord_id', '<=', edge.discord_id);
  const found = await near.orderBy('discord_id').limit(want).execute();
  // Fewer keys than the window remain: the scan above has seen them all.
  if (found.length >= want || !edge) return found;

  const rest = await db
    .selectFrom('bureau_pairs_search')
    .select(['discord_id', 'roblox_id'])
    .where(column, 'like', pattern)
    .where('discord_id', '>', edge.discord_id)
    .orderBy('discord_id')
    .limit(want - found.length)
    .execute();
  return [...found, ...rest];
}

/**
 * Issue 17 item 3: PostgreSQL's planner guesses that LIKE is rare, so given `key <= edge and id like`
 * it answered even a 3-digit needle from the pg_trgm index and rechecked ~15,000 rows (~40 ms), then
 * read that index again past the edge. Here the window (`near`) is a LIMIT subquery, which that index
 * cannot answer: an ordered, index-only walk of registry_pairs_search_order that stops once the page
 * is full. Only when it does not fill the page does the one-time filter let the trigram index (`hits`)
 * run, for the hits past the last one the window found (the window saw every key before that). One
 * statement, so a rare needle costs one round trip, not two.
 */
async function findRowsPostgres(db: BureauDb, { needle, column, pattern, after, want, scanWindow }: Search): Promise<Row[]> {
  const id = sql.ref(column);
  const from = after ?? '';
  // MATERIALIZED: `near` is read three times but walked once; `hits` keeps the planner from trading
  // the trigram index for an ordered walk of the whole key.
  const { rows } = await sql<Row>`with near as materialized (
      select discord_id, roblox_id from (
        select discord_id, roblox_id from registry_pairs where discord_id > ${from} order by discord_id limit ${scanWindow}
      ) w where ${id} like ${pattern} order by discord_id limit ${want}
    ), hits as materialized (
      select discord_id, roblox_id from registry_pairs where ${id} like ${`%${probe(needle)}%`}
    )
    select discord_id, roblox_id from (
      select discord_id, roblox_id from near
      union all
      select discord_id, roblox_id from hits
        where (select count(*) from near) < ${want} and ${id} like ${pattern}
          and discord_id > coalesce((select max(discord_id) from near), ${from})
    ) found order by discord_id limit ${want}`.execute(db);
  return rows;
}

/** The needle's PROBE characters with the most distinct trigrams (the index tells those apart best). */
function probe(needle: string): string {
  let best = needle.slice(0, PROBE);
  let bestCount = 0;
  for (let start = 0; start + PROBE <= needle.length; start++) {
    const part = needle.slice(start, start + PROBE);
    const count = new Set(Array.from({ length: PROBE - 2 }, (_, i) => part.slice(i, i + 3))).size;
    if (count > bestCount) [best, bestCount] = [part, count];
  }
  return best;
}
