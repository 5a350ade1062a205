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
