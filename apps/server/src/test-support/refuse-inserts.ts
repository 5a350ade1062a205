import { sql } from 'kysely';
import type { TestApp } from './build-test-app';

/**
 * From now on the database refuses every new row of `table` (a trigger), as a full disk or a broken
 * table would; on PostgreSQL `schema` names the table's schema when it is not the test's own.
 * Decisions 0041 and 0042: a write that is one transaction then keeps nothing; one that is not keeps
 * the rows it wrote before the refused one.
 */
export async function refuseInserts(t: TestApp, table: string, schema?: string): Promise<void> {
  const { db } = t.ctx.database;
  const trigger = sql.id(`refuse_${table}`);
  if (t.ctx.database.dialect === 'sqlite') {
    await sql`create trigger ${trigger} before insert on ${sql.id(table)} begin select raise(abort, ${sql.lit(`${table} refused`)}); end`.execute(
      db,
    );
    return;
  }
  const target = schema ? sql.id(schema, table) : sql.id(table);
  const refuse = schema ? sql.id(schema, `refuse_${table}`) : trigger;
  await sql`create function ${refuse}() returns trigger language plpgsql as ${sql.lit(`begin raise exception '${table} refused'; end`)}`.execute(
    db,
  );
  await sql`create trigger ${trigger} before insert on ${target} for each row execute function ${refuse}()`.execute(db);
}

/** Every new job refused. On PostgreSQL pg-boss's tables must exist first: some job was queued. */
export async function refuseNewJobs(t: TestApp): Promise<void> {
  if (t.ctx.database.dialect === 'sqlite') return refuseInserts(t, 'jobs');
  return refuseInserts(t, 'job', t.ctx.config.JOBS_PG_SCHEMA);
}
