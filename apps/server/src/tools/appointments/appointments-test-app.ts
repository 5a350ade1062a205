import { demoPerson } from '@guildhall/testkit';
import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import type { BookingSettings } from '@guildhall/contracts/appointments';
import type { AppointmentsTables } from './appointments-tables';
import { BOOKING_SETTINGS } from './load-booking-rules';

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
export async function buildAppointmentsStaffTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; staff: string }> {
  const t = await buildAppointmentsTestApp(dialect, env);
  try {
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    return { t, staff: await t.signInAs('staff') };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * Fills every slot of one day (16 of 30 minutes from `firstStart`, the shipped rules' 09:00-16:30) with
 * bookings of other people; answers their ids by start.
 */
export async function fillDay(t: TestApp, firstStart: number): Promise<Map<number, number>> {
  const db = toolDb<AppointmentsTables>(t.ctx.database);
  const ids = new Map<number, number>();
  for (let i = 0; i < 16; i++) {
    const start = firstStart + i * 30 * 60_000;
    const [row] = await db.insertInto('appointments').values(makeAppointment(makeLineUser().userId, start)).returning('id').execute();
    ids.set(start, row!.id);
  }
  return ids;
}

/** Staff cancels a booking (the demo staff member granted bureau-staff and signed in). */
export async function cancelAsStaff(t: TestApp, id: number, reason: string) {
  await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
  return t.request({
    method: 'POST',
    url: `/bureau/worker/staff/appointments/${id}/cancel`,
    cookie: await t.signInAs('staff'),
    payload: { reason },
  });
}

/** Writes the rules staff saved straight into the table, as the settings page stores them (one JSON row). */
export async function writeBookingRules(t: TestApp, settings: BookingSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await toolDb<AppointmentsTables>(t.ctx.database)
    .insertInto('appointment_settings')
    .values({ name: BOOKING_SETTINGS, value, updated_at: t.clock.now(), updated_by: 'test' })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** A person's waitlist entry: its status and the start offered to them, if any. */
export function waitlistEntryOf(t: TestApp, user: { userId: string }) {
  return toolDb<AppointmentsTables>(t.ctx.database)
    .selectFrom('appointment_waitlist')
    .select(['status', 'offered_start'])
    .where('line_user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
}
