import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { allMigrations } from '../apps/server/src/migrations';
import { insertRows, openBenchDatabase, repoRoot } from './support';

// Realistic ids: Discord snowflakes spread over 2016-2024 (so their digits vary like real ones) and
// Roblox ids of 7-10 digits. Deterministic, so runs compare.
const DISCORD_EPOCH = 1_420_070_400_000;
const SPAN_MS = 283_996_800_000; // nine years
export function benchDiscordId(i: number): string {
  const ms = ((BigInt(i) * 2_654_435_761n) % BigInt(SPAN_MS)) + 31_536_000_000n;
  return ((ms << 22n) | BigInt(i % 4096)).toString();
}
export function benchRobloxId(i: number): string {
  return String(1_000_000 + ((i * 48_271) % 4_000_000_000));
}
export { DISCORD_EPOCH };

/**
 * The n-th search a person types into the records tool (bench/bureau.ts, bench/bureau-search.ts):
 * pieces of real ids of every length, on both id types, some matching nothing.
 */
export function searchNeedle(n: number, pairs: number): { type: 'discord' | 'roblox'; q: string } {
  const i = (n * 7919) % pairs;
  const lengths = [1, 2, 3, 4, 5, 6, 8, 12, 18];
  if (n % 4 === 3) {
    const id = benchRobloxId(i);
    const len = [3, 5, 7][n % 3]!;
    return { type: 'roblox', q: id.slice(0, Math.min(id.length, len)) };
  }
  if (n % 10 === 9) return { type: 'discord', q: '9999999' + (n % 10) };
  const id = benchDiscordId(i);
  const len = lengths[n % lengths.length]!;
  const start = n % Math.max(1, id.length - len);
  return { type: 'discord', q: id.slice(start, start + len) };
}

/**
 * Bump when the rows written below change: cached datasets are keyed by it (and by the migrations
 * they were made under), so a stale file is never reused.
 */
const DATASET_VERSION = 2;
/** Generated datasets are kept here between runs (bench/.data is ignored by git). */
const CACHE_DIR = process.env.BENCH_DATA_DIR ?? path.join(repoRoot, 'bench/.data');
/** The tables the seed fills: their secondary indexes are built once after loading, not row by row. */
const SEEDED_TABLES = ['registry_pairs', 'registry_infractions', 'bureau_cases', 'registry_bans', 'profile_cache'];

const CASE_TYPES = ['warn', 'note', 'mute', 'kick', 'warn', 'unban'] as const;
/** Every 20th pair's Roblox account is banned, with its ban case (every 40th hidden, every 60th expired). */
const BAN_EVERY = 20;

/** Issue 14: the Roblox accounts the dataset bans, in pair order. */
export function bannedRobloxIds(pairs: number): string[] {
  const ids: string[] = [];
  for (let p = 0; p < pairs; p += BAN_EVERY) ids.push(benchRobloxId(p));
  return ids;
}

type Row = unknown[];
interface BureauRows {
  pairs: Iterable<Row>;
  infractions: Iterable<Row>;
  cases: Iterable<Row>;
  bans: Iterable<Row>;
  profiles: Iterable<Row>;
}

/**
 * The dataset (issue 14): `pairs` verified pairs; `cases` infractions spread over the pairs' accounts
 * (both platforms), each with its case; a Roblox ban with its ban case on every 20th pair; and the
 * lookup cache warm for the banned accounts, as it is on a running checker (bench/checker.ts).
 * Columns in the order of the insert statements below. Case ids (their numbers) follow the order of
 * `cases`, so the ban cases are numbered after the others on both dialects.
 */
function bureauRows(pairs: number, cases: number, now: number): BureauRows {
  const caseSubject = (i: number) => {
    const p = i % pairs;
    const platform = i % 2 ? 'Roblox' : 'Discord';
    return { platform, subject: platform === 'Roblox' ? benchRobloxId(p) : benchDiscordId(p) };
  };
  const banned = function* () {
    for (let p = 0; p < pairs; p += BAN_EVERY) yield p;
  };
  function* pairRows() {
    for (let i = 0; i < pairs; i++) yield [benchDiscordId(i), benchRobloxId(i), now];
  }
  function* infractionRows() {
    for (let i = 0; i < cases; i++) {
      const { platform, subject } = caseSubject(i);
      yield [platform, subject, 1_600_000_000_000 + i, 'BenchMod', `Reason ${i}`, i % 3 ? null : 'A note'];
    }
    for (const p of banned()) yield ['Roblox', benchRobloxId(p), 1_500_000_000_000 + p, 'BenchMod', 'Exploiting', null];
  }
  function* caseRows() {
    for (let i = 0; i < cases; i++) {
      const { platform, subject } = caseSubject(i);
      yield [platform, subject, 1_600_000_000_000 + i, CASE_TYPES[i % CASE_TYPES.length], null, 0, now];
    }
    for (const p of banned())
      yield ['Roblox', benchRobloxId(p), 1_500_000_000_000 + p, 'ban', p % 60 === 0 ? now - 1000 : null, p % 40 === 0 ? 1 : 0, now];
  }
  function* banRows() {
    for (const p of banned()) yield [benchRobloxId(p), 1, 'BenchMod', 'Exploiting', Math.floor(now / 1000), now];
  }
  function* profileRows() {
    for (const p of banned()) {
      const discordId = benchDiscordId(p);
      const robloxId = benchRobloxId(p);
      yield ['discord', discordId, JSON.stringify({ id: discordId, username: `bench_${p}`, global_name: null, avatar: null }), now];
      const roblox = {
        id: Number(robloxId),
        name: `Player_${p}`,
        displayName: `Player ${p}`,
        created: '2020-01-01T00:00:00Z',
        isBanned: false,
      };
      yield ['roblox', robloxId, JSON.stringify(roblox), now];
    }
  }
  return { pairs: pairRows(), infractions: infractionRows(), cases: caseRows(), bans: banRows(), profiles: profileRows() };
}

/** The cached file's name: dataset version, sizes, and a hash of the migrations it was made under. */
function cacheKey(pairs: number, cases: number): string {
  const migrations = createHash('sha256').update(Object.keys(allMigrations).sort().join('\n')).digest('hex').slice(0, 12);
  return `bureau-v${DATASET_VERSION}-${pairs}-pairs-${cases}-cases-${migrations}`;
}

export interface BureauDataset {
  /** Seconds spent generating it in this run; null when the cached dataset was reused. */
  generatedSeconds: number | null;
  cachedAt: string;
}

/**
 * Issue 14: a migrated SQLite file at `target` holding the dataset. Made once per version and size
 * under CACHE_DIR (bulk inserts in one exclusive, unjournalled transaction per table, the plain
 * indexes built after loading) and copied from there on later runs, since the server writes to it.
 */
export async function bureauSqliteDataset(target: string, pairs: number, cases: number): Promise<BureauDataset> {
  const cached = path.join(CACHE_DIR, `${cacheKey(pairs, cases)}.sqlite`);
  let generatedSeconds: number | null = null;
  if (!fs.existsSync(cached)) {
    const started = Date.now();
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const work = fs.mkdtempSync(path.join(CACHE_DIR, 'making-'));
    // An interrupted run (Ctrl-C exits through bench/support's handler) leaves no half-made file behind.
    const removeWork = () => fs.rmSync(work, { recursive: true, force: true });
    process.once('exit', removeWork);
    try {
      const { file, sqlite } = await openBenchDatabase(work);
      loadSqlite(sqlite, bureauRows(pairs, cases, Date.now()));
      sqlite.close();
      fs.renameSync(file, cached); // whole or not at all: an interrupted run leaves no half file behind
    } finally {
      process.off('exit', removeWork);
      removeWork();
    }
    generatedSeconds = (Date.now() - started) / 1000;
  }
  fs.copyFileSync(cached, target);
  // The lookup cache must read as warm however old the cached file is (LOOKUP_CACHE_SECONDS is at
  // most 7 days): a stale profile would send the app to the unreachable APIs on every check.
  const copy = new SQLite(target);
  copy.prepare('update profile_cache set fetched_at = ?').run(Date.now());
  copy.close();
  return { generatedSeconds, cachedAt: cached };
}

function loadSqlite(sqlite: SQLite.Database, rows: BureauRows): void {
  // A throw-away file being made: the rollback journal in memory (better-sqlite3's defensive mode
  // refuses OFF; WAL would write every page twice), no syncs, a large page cache; WAL again at the end.
  sqlite.pragma('journal_mode = MEMORY');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('cache_size = -1000000');
  sqlite.pragma('temp_store = MEMORY');
  // The migrations' plain indexes (never the primary keys', nor the FTS triggers, which stay in step)
  // are dropped and made again from their own SQL once the rows are in: one sort instead of a b-tree
  // insert per row.
  const indexes = sqlite
    .prepare<string[], { name: string; sql: string }>(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${SEEDED_TABLES.map(() => '?').join(', ')})`,
    )
    .all(...SEEDED_TABLES);
  for (const { name } of indexes) sqlite.exec(`drop index "${name}"`);
  const fill = (statement: string, table: Iterable<Row>) => {
    const insert = sqlite.prepare(statement);
    sqlite.transaction(() => {
      for (const row of table) insert.run(row);
    })();
  };
  fill('insert into registry_pairs (discord_id, roblox_id, updated_at) values (?, ?, ?)', rows.pairs);
  fill('insert into registry_infractions (platform, subject_id, id, moderator, reason, note) values (?, ?, ?, ?, ?, ?)', rows.infractions);
  fill(
    'insert into bureau_cases (platform, subject_id, infraction_id, type, expires_at, hidden, lifted_at, created_at) values (?, ?, ?, ?, ?, ?, null, ?)',
    rows.cases,
  );
  fill(
    'insert into registry_bans (roblox_id, is_banned, moderator, reason, time, username, updated_at) values (?, ?, ?, ?, ?, null, ?)',
    rows.bans,
  );
  fill('insert into profile_cache (platform, id, data, fetched_at) values (?, ?, ?, ?)', rows.profiles);
  for (const index of indexes) sqlite.exec(index.sql);
  sqlite.exec('analyze');
  sqlite.pragma('locking_mode = NORMAL');
  sqlite.pragma('journal_mode = WAL');
}

/**
 * BENCH_DIALECT=postgres: the same rows in a migrated PostgreSQL database (bench/support's
 * openBenchPostgres), by multi-row inserts of 10,000 rows (unnest), the plain indexes dropped before
 * and made again from their own definitions after, then VACUUM ANALYZE.
 */
export async function bureauPostgresDataset(pool: pg.Pool, pairs: number, cases: number): Promise<number> {
  const started = Date.now();
  const rows = bureauRows(pairs, cases, Date.now());
  // Indexes that back a constraint (primary keys) stay: dropping them would drop the constraint.
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [SEEDED_TABLES],
  );
  for (const { name } of indexes) await pool.query(`drop index "${name}"`);
  const text = (name: string) => [name, 'text'] as [string, string];
  const bigint = (name: string) => [name, 'bigint'] as [string, string];
  await insertRows(pool, 'registry_pairs', [text('discord_id'), text('roblox_id'), bigint('updated_at')], rows.pairs);
  await insertRows(
    pool,
    'registry_infractions',
    [text('platform'), text('subject_id'), bigint('id'), text('moderator'), text('reason'), text('note')],
    rows.infractions,
  );
  await insertRows(
    pool,
    'bureau_cases',
    [
      text('platform'),
      text('subject_id'),
      bigint('infraction_id'),
      text('type'),
      bigint('expires_at'),
      ['hidden', 'integer'],
      bigint('created_at'),
    ],
    rows.cases,
  );
  await insertRows(
    pool,
    'registry_bans',
    [text('roblox_id'), ['is_banned', 'integer'], text('moderator'), text('reason'), bigint('time'), bigint('updated_at')],
    rows.bans,
  );
  await insertRows(pool, 'profile_cache', [text('platform'), text('id'), text('data'), bigint('fetched_at')], rows.profiles);
  for (const { definition } of indexes) await pool.query(definition);
  await pool.query('vacuum analyze');
  return (Date.now() - started) / 1000;
}
