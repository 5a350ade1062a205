import type SQLite from 'better-sqlite3';
import DataLoader from 'dataloader';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { CheckStatusQuery } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import type { CoreTables } from '@server/core/db/core-tables';
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
const COLUMN_LIST = `b.roblox_id as ban_roblox_id, b.is_banned, b.moderator, b.reason, b.time, b.username,
  dc.data as discord_data, dc.fetched_at as discord_fetched_at, rc.data as roblox_data, rc.fetched_at as roblox_fetched_at`;
const COLUMNS = sql.raw(COLUMN_LIST);

/**
 * The public checker's reads (001 §2, §4) as ONE indexed query instead of four (pair, ban, two
 * profile_cache rows): the checker is the public, high-traffic route (ARCHITECTURE.md §7, bench/checker.ts).
 * By Discord id: null when no pair holds it. By Roblox id: always a record, since a ban alone still
 * answers (001 §4 "Not Verified"); the oldest pair holding the id wins, as in RegistryRepository.
 * Failures (a missing table) are thrown: the caller falls back to separate reads (001 §8).
 */
export async function findCheckerRecord(deps: Deps, query: CheckStatusQuery): Promise<CheckerRecord | null> {
  const { db, pgPool } = deps.database;
  // PostgreSQL: batched with the other lookups of this turn (below), a named statement planned once per
  // connection (Kysely sends every query unnamed). A SQLite file: the statement prepared once on the
  // read-only connection (core/db/database.ts, decision 0036). In memory: core/db's statement cache.
  if (pgPool) {
    const row = await pgBatches(pgPool)[query.type].load(query.id);
    return row ? toRecord(row) : null;
  }
  const text = compiledText(db, query.type);
  const reader = deps.database.sqliteReader();
  const row = reader
    ? readerStatement(reader, text).get(query.id)
    : (await db.executeQuery<Row>(CompiledQuery.raw(text, [query.id]))).rows[0];
  return row ? toRecord(row) : null;
}

/**
 * Issue 17 item 2 (decision 0040): on PostgreSQL every read is a round trip to a backend that must wake,
 * bind, run and answer, and at the checker's rate those round trips (not the index probes) filled the
 * two cores. The lookups that arrive in one turn of the event loop go as ONE statement over an array
 * of ids (DataLoader, flushed by setImmediate: no timer, no wait when a lookup comes alone), each id
 * answered by the same joins as the single statement above. Nothing is cached between requests.
 */
const PG_BATCH_TEXT: Record<CheckStatusQuery['type'], string> = {
  discord: `select q.id as q_id, p.discord_id, p.roblox_id, ${COLUMN_LIST}
    from unnest($1::text[]) as q(id)
    join registry_pairs p on p.discord_id = q.id
    left join registry_bans b on b.roblox_id = p.roblox_id
    left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
    left join profile_cache rc on rc.platform = 'roblox' and rc.id = p.roblox_id`,
  // As the single statement: the oldest pair holding the id, and the ban and Roblox profile keyed on the id itself.
  roblox: `select q.id as q_id, p.discord_id, p.roblox_id, ${COLUMN_LIST}
    from unnest($1::text[]) as q(id)
    left join registry_pairs p on p.discord_id = (
      select o.discord_id from registry_pairs o where o.roblox_id = q.id order by o.updated_at, o.discord_id limit 1)
    left join registry_bans b on b.roblox_id = q.id
    left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
    left join profile_cache rc on rc.platform = 'roblox' and rc.id = q.id`,
};
const MAX_BATCH = 100;

type PgBatches = Record<CheckStatusQuery['type'], DataLoader<string, Row | null>>;
const pgBatchesByPool = new WeakMap<pg.Pool, PgBatches>();
function pgBatches(pool: pg.Pool): PgBatches {
  let batches = pgBatchesByPool.get(pool);
  if (!batches) {
    const batch = (type: CheckStatusQuery['type']) =>
      new DataLoader<string, Row | null>(
        async (ids) => {
          const { rows } = await pool.query<Row & { q_id: string }>({
            name: `guildhall-checker-batch-${type}`,
            text: PG_BATCH_TEXT[type],
            values: [[...ids]],
          });
          const byId = new Map(rows.map((row) => [row.q_id, row]));
          return ids.map((id) => byId.get(id) ?? null);
        },
        { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (flush) => setImmediate(flush) },
      );
    pgBatchesByPool.set(pool, (batches = { discord: batch('discord'), roblox: batch('roblox') }));
  }
  return batches;
}

const readerStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement<[string], Row>>>();
function readerStatement(reader: SQLite.Database, text: string): SQLite.Statement<[string], Row> {
  let statements = readerStatements.get(reader);
  if (!statements) readerStatements.set(reader, (statements = new Map()));
  let statement = statements.get(text);
  if (!statement) statements.set(text, (statement = reader.prepare<[string], Row>(text)));
  return statement;
}

/**
 * Issue 17 item 2 (decision 0036): the statement's text is compiled once per database and query type;
 * a request only binds its id (building and compiling the query afresh cost about as much as running
 * it on SQLite, where the same text then finds its prepared statement in core/db's cache).
 */
const compiledTexts = new WeakMap<Kysely<CoreTables>, Record<CheckStatusQuery['type'], string>>();
function compiledText(db: Kysely<CoreTables>, type: CheckStatusQuery['type']): string {
  let texts = compiledTexts.get(db);
  if (!texts) {
    texts = { discord: statementFor(db, 'discord'), roblox: statementFor(db, 'roblox') };
    compiledTexts.set(db, texts);
  }
  return texts[type];
}

function statementFor(db: Kysely<CoreTables>, type: CheckStatusQuery['type']): string {
  const query = { type, id: '0' };
  const statement =
    query.type === 'discord'
      ? sql<Row>`select p.discord_id, p.roblox_id, ${COLUMNS}
          from registry_pairs p
          left join registry_bans b on b.roblox_id = p.roblox_id
          left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
          left join profile_cache rc on rc.platform = 'roblox' and rc.id = p.roblox_id
          where p.discord_id = ${query.id}
          limit 1`
      : // 001 §5: compared as a string; a pair found this way holds exactly q.id, so the ban and the
        // Roblox profile are keyed on q.id whether or not a pair exists.
        sql<Row>`select p.discord_id, p.roblox_id, ${COLUMNS}
          from (select cast(${query.id} as text) as id) q
          left join registry_pairs p on p.discord_id = (
            select o.discord_id from registry_pairs o where o.roblox_id = q.id order by o.updated_at, o.discord_id limit 1)
          left join registry_bans b on b.roblox_id = q.id
          left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
          left join profile_cache rc on rc.platform = 'roblox' and rc.id = q.id
          limit 1`;
  // At most one row either way (keys and the one-row q); `limit 1` lets SQLite stop at it instead of
  // probing every join once more for a second row.
  const compiled = statement.compile(db);
  // One parameter, the id; anything else would bind the wrong values.
  if (compiled.parameters.length !== 1) throw new Error('the checker statement takes exactly one parameter');
  return compiled.sql;
}

function toRecord(row: Row): CheckerRecord {
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
