import { type Kysely, type Migration, Migrator } from 'kysely';
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
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => wrapped },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** An auto-increment integer primary key on either dialect. */
export function idColumnType(dialect: Dialect): 'integer' | 'serial' {
  return dialect === 'postgres' ? 'serial' : 'integer';
}
