import { sql } from 'kysely';
import type { TestApp } from './build-test-app';

/**
 * From now on the database refuses every new job, as a full disk or a broken jobs table would
 * (decision 0041's tests). On PostgreSQL pg-boss's tables must exist first: some job was queued.
 */
export async function refuseNewJobs(t: TestApp): Promise<void> {
  const { db } = t.ctx.database;
  if (t.ctx.database.dialect === 'sqlite') {
    await sql`create trigger refuse_jobs before insert on jobs begin select raise(abort, 'jobs refused'); end`.execute(db);
    return;
  }
  const schema = sql.id(t.ctx.config.JOBS_PG_SCHEMA);
  await sql`create function ${schema}.refuse_jobs() returns trigger language plpgsql as $$ begin raise exception 'jobs refused'; end $$`.execute(
    db,
  );
  await sql`create trigger refuse_jobs before insert on ${schema}.job for each row execute function ${schema}.refuse_jobs()`.execute(db);
}
