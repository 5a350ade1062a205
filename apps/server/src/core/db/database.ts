import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type * as PgModule from 'pg';
import type pg from 'pg';
import { lazyRequire } from '../lazy/lazy-require';
import type { CoreTables } from './core-tables';
import { PG_IDLE_IN_TRANSACTION_MS, PG_LIVENESS_CHECK_MS, type PgWatchLog, pgSessions, watchPgConnections } from './watch-pg-connections';

export type Dialect = 'sqlite' | 'postgres';

// Issue 17 item 6: pg is loaded only when a PostgreSQL URL is given (a SQLite start skips it).
const loadPg = lazyRequire<typeof PgModule>('pg');
let pgTypesSet = false;
function loadPgWithTypes(): typeof PgModule {
  const pgModule = loadPg();
  // pg answers BIGINT as a string by default; every bigint we store is an epoch in ms or s, or an
  // epoch-like id (001 §3), all well inside Number.MAX_SAFE_INTEGER.
  if (!pgTypesSet) pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number(v));
  pgTypesSet = true;
  return pgModule;
}

export interface DbHandle {
  db: Kysely<CoreTables>;
  dialect: Dialect;
  /** Only on PostgreSQL: the pool, for LISTEN/NOTIFY clients. */
  pgPool: pg.Pool | null;
  /**
   * Only on a SQLite file: a second, read-only connection for the public checker's one statement
   * (decision 0036), opened on first use. Null in memory, where a second connection is another database.
   */
  sqliteReader(): SQLite.Database | null;
  /**
   * For reads that must not wait behind a write: on a SQLite file, Kysely on that same read-only
   * connection, which sees the last committed state at once (WAL) while `db`'s one connection is held
   * by a write transaction (the records search, decision 0045). `db` itself in memory and on PostgreSQL,
   * whose pool already reads beside writes. Single queries only: a stream or a transaction here would
   * hold the connection the checker reads on synchronously (one snapshot held open, or "busy").
   */
  readDb: Kysely<CoreTables>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... for PostgreSQL; undefined for SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** How long a query waits for a PostgreSQL connection (PG_CONNECT_TIMEOUT_MS unless a test says). */
  pgConnectTimeoutMs?: number;
  /** How often queries on PostgreSQL are looked at for a silent connection (PG_LIVENESS_CHECK_MS unless a test says). */
  pgLivenessCheckMs?: number;
  /** How long PostgreSQL lets a transaction sit idle (PG_IDLE_IN_TRANSACTION_MS unless a test says). */
  pgIdleInTransactionMs?: number;
  /** Where a connection closed for not answering is reported (stderr unless given). */
  pgLog?: PgWatchLog;
}

/**
 * A query waits this long for a connection, new or from a full pool (a new one as long again for its
 * session's set-up, decision 0049), then fails as the database being unavailable (503). Without it a
 * database that stops answering (a network that drops packets, a paused server) held every request
 * open for as long as the client waited, and the pool's queue grew.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

const stderrLog: PgWatchLog = { warn: (details, message) => console.warn(message, details) };

/** ARCHITECTURE.md §5: SQLite by default (WAL, foreign keys, busy timeout), PostgreSQL by URL. */
export function openDatabase(options: OpenDatabaseOptions): DbHandle {
  if (options.databaseUrl) {
    const pgModule = loadPgWithTypes();
    const connectTimeoutMs = options.pgConnectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS;
    const log = options.pgLog ?? stderrLog;
    // Each session's limits, and whether the watch below may check it (decision 0049).
    const sessions = pgSessions({ idleInTransactionMs: options.pgIdleInTransactionMs ?? PG_IDLE_IN_TRANSACTION_MS, connectTimeoutMs, log });
    const pool = new pgModule.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      onConnect: sessions.onConnect,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client dropping its connection must not crash the process.
    pool.on('error', () => undefined);
    // Nor may one dropping in the middle of a query. pg-pool listens for errors only on idle clients,
    // and Kysely keeps a client checked out for its query or transaction: the drop was an 'error'
    // event with no listener, which ended the process. The query fails with it all the same (503), and
    // the pool drops the client when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // And one that goes silent is found and closed (decision 0049).
    const watch = watchPgConnections(
      pool,
      { checkMs: options.pgLivenessCheckMs ?? PG_LIVENESS_CHECK_MS, connectTimeoutMs, sessions, log },
      pgModule.Client,
    );
    const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
    const close = () => {
      watch.stop();
      return db.destroy();
    };
    return { db, dialect: 'postgres', pgPool: pool, sqliteReader: () => null, readDb: db, close };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  unicodeLower(sqlite);
  // Reads through a memory map instead of a read() copy per page: on the million-pair registry an
  // indexed checker lookup took ~15 us instead of ~25 us (ARCHITECTURE.md §7). Address space only;
  // the OS page cache holds the data either way, and writes still go through the WAL.
  if (file !== ':memory:') sqlite.pragma('mmap_size = 1073741824');
  const db = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  let reader: SQLite.Database | null = null;
  let closed = false;
  // Never opened again once the handle is closed (a late request then fails on the closed `db`).
  const sqliteReader = () => (file === ':memory:' || closed ? null : (reader ??= openReader(file)));
  // Connected on its first query; the reader is closed with the handle, not by Kysely.
  const readDb =
    file === ':memory:'
      ? db
      : new Kysely<CoreTables>({
          dialect: new SqliteDialect({
            database: async () => {
              const connection = sqliteReader();
              if (!connection) throw new Error('the database is closed');
              return withStatementCache(connection, () => undefined);
            },
          }),
        });
  return {
    db,
    dialect: 'sqlite',
    pgPool: null,
    sqliteReader,
    readDb,
    close: async () => {
      closed = true;
      try {
        if (readDb !== db) await readDb.destroy();
        reader?.close();
      } finally {
        await db.destroy();
      }
    },
  };
}

/**
 * Issue 17 item 2 (decision 0036): Kysely runs every query on its one connection behind a lock, so the
 * public checker's read waited for any write transaction in progress and, sent past Kysely, would have
 * read that transaction's uncommitted rows. Its own read-only connection reads the last committed state
 * (WAL: readers never wait for the writer) synchronously, with no lock or promise per query.
 */
function openReader(file: string): SQLite.Database {
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('mmap_size = 1073741824');
  unicodeLower(reader);
  return reader;
}

/**
 * SQLite's own lower() folds A-Z only, so "Ωmega" never matched its lower-case form in a search that
 * lowers both sides (the audit log's): lower() is JavaScript's here, as Unicode-wide as PostgreSQL's.
 * No index is built on lower() (one would have to be rebuilt).
 */
function unicodeLower(sqlite: SQLite.Database): void {
  sqlite.function('lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
}

/**
 * Kysely prepares every query afresh; on a hot path (the public checker) preparing costs more than
 * running. Statements are reusable in better-sqlite3, and Kysely runs one query at a time on its one
 * SQLite connection, so a cache keyed by SQL text is safe. Kysely's SQL text has only placeholders,
 * never values, so the number of distinct texts stays small; the bound is a guard all the same.
 */
function withStatementCache(sqlite: SQLite.Database, close: () => unknown = () => sqlite.close(), max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close,
    prepare(text: string): SQLite.Statement {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

export async function pingDatabase(db: Kysely<CoreTables>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** True when the error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
