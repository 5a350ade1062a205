import { type ColumnDefinitionBuilder, type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Dialect } from './database';

/** A migration that may write dialect-specific DDL. */
export interface GuildhallMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Runs every migration not yet applied. Names sort by date prefix; each tool owns its own, and
 * they may land in any order across tools, hence allowUnorderedMigrations.
 */
export async function migrateToLatest(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  dialect: Dialect,
  migrations: Record<string, GuildhallMigration>,
): Promise<string[]> {
  const wrapped: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [name, { up: (tx: Kysely<unknown>) => m.up(tx, dialect) }]),
  );
  // Kysely looks for its bookkeeping tables in every schema unless told which one; on a PostgreSQL
  // server holding several schemas (each test database is one, and a deployment may use its own
  // search_path) it would find another schema's kysely_migration table and fail. Pin it to ours.
  const migrationTableSchema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => wrapped },
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  // Kysely's migrator lists the tables and columns of every schema on the server (its introspector
  // calls pg_get_serial_sequence per column); if some other schema is dropped at that moment (another
  // app or test run sharing the server), PostgreSQL answers 3F000 (invalid schema name), 42P01
  // (undefined table) or 42703 (column "display_name" of relation "sessions" does not exist) for a
  // race that is not ours. PostgreSQL migrations run in one transaction, so nothing was applied
  // then and trying again is safe; a migration that is wrong fails the same way five times.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const code = (error as { code?: string }).code;
    if (dialect !== 'postgres' || !INTROSPECTION_RACES.has(code ?? '') || attempt >= 5) {
      throw error instanceof Error ? error : new Error(String(error));
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

const INTROSPECTION_RACES = new Set(['3F000', '42P01', '42703']);

async function currentSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** An auto-increment integer primary key on either dialect, with idPrimaryKey: `.addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))`. */
export function idColumnType(dialect: Dialect): 'integer' | 'serial' {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

/**
 * The primary key of an id column. Issue 10 item 10: on SQLite it is AUTOINCREMENT, so an id that
 * leaves the server is never given to another row (PostgreSQL's serial never reuses one). Tables
 * created before it were rebuilt by rebuildWithAutoincrementIds (core/db/autoincrement-ids.ts);
 * autoincrement-ids.int.test.ts fails for a new table whose id lacks it. No table needs it yet:
 * it is the one way for the next migration that adds one (docs/conventions.md).
 * @public
 */
export function idPrimaryKey(dialect: Dialect): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return (column) => (dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey());
}
