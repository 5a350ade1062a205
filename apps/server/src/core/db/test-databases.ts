import crypto from 'node:crypto';
import pg from 'pg';
import { type DbHandle, type Dialect, openDatabase } from './database';
import { type GuildhallMigration, migrateToLatest } from './migrate';
import { allMigrations } from '@server/migrations';

/** The PostgreSQL server the integration tests use (CI points it at the machine's local server). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase extends DbHandle {
  /** PostgreSQL: the schema this database lives in; SQLite: undefined. */
  schema?: string;
  /** The URL a second process can use to reach the same PostgreSQL database. */
  databaseUrl?: string;
}

/**
 * A fresh, migrated database on the given dialect: SQLite in memory, or a PostgreSQL schema of its
 * own (dropped on close), so test files can run side by side on one server.
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { sqliteFile?: string; /** Default: every migration. */ migrations?: Record<string, GuildhallMigration> } = {},
): Promise<TestDatabase> {
  const migrations = options.migrations ?? allMigrations;
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: options.sqliteFile ?? ':memory:' });
    await migrateToLatest(handle.db, 'sqlite', migrations);
    return handle;
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 5 });
  await migrateToLatest(handle.db, 'postgres', migrations);
  return {
    ...handle,
    schema,
    databaseUrl: TEST_DATABASE_URL,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      // core/jobs: pg-boss's schema for this test database (build-test-app.ts names it).
      await dropper.query(`drop schema if exists ${schema}_jobs cascade`);
      await dropper.end();
    },
  };
}
