import { sql } from 'kysely';
import type { GuildhallMigration } from '../db/migrate';

/**
 * Issue 12 item 3 (decision 0025): the SQLite engine's job table. PostgreSQL keeps its jobs in
 * pg-boss's own schema (JOBS_PG_SCHEMA), which pg-boss installs and migrates itself.
 */
export const jobsMigrations: Record<string, GuildhallMigration> = {
  '20261126-01-core-jobs': {
    async up(db, dialect) {
      if (dialect !== 'sqlite') return;
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'active', 'done', 'failed')`))
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('singleton_key', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
      // The singletonKey rule: one waiting or running job per (name, key), kept by the database.
      await db.schema
        .createIndex('jobs_singleton')
        .on('jobs')
        .columns(['name', 'singleton_key'])
        .unique()
        .where(sql.raw<boolean>(`singleton_key is not null and status in ('queued', 'active')`))
        .execute();
    },
  },
};
