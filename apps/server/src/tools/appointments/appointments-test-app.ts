import { sql } from 'kysely';
import { demoPerson } from '@guildhall/testkit';
import type { Dialect } from '@server/core/db/database';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';

/**
 * The app as the appointments integration tests run it (decision 0018: one harness): only the
 * appointments tool, a fake LINE of its own (so pushes start empty), no Roblox, and a public rate
 * limit no test reaches. `env` adds to (or wins over) that environment.
 */
export function buildAppointmentsTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({
    dialect,
    line: true,
    roblox: false,
    env: { ENABLED_TOOLS: 'appointments', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000', ...env },
  });
}

/** buildAppointmentsTestApp with the demo staff member granted bureau-staff and signed in (`staff`: the cookie). */
export async function buildAppointmentsStaffTestApp(dialect: Dialect): Promise<{ t: TestApp; staff: string }> {
  const t = await buildAppointmentsTestApp(dialect);
  try {
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    return { t, staff: await t.signInAs('staff') };
  } catch (error) {
    await t.close();
    throw error;
  }
}

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
