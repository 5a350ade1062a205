import { TZDate } from '@date-fns/tz';
import type { AppContext } from '@server/core/context';
import { toolDb } from '@server/core/db/tool-db';
import type { AppointmentsTables } from './appointments-tables';
import { defaultBookingSettings, openDays as openWeekdays } from './booking-rules';

/** Demo LINE users and a few bookings on the next opening days (ToolDefinition.seed, outside production). */
export async function seedAppointments(ctx: AppContext): Promise<void> {
  const db = toolDb<AppointmentsTables>(ctx.database);
  if (await db.selectFrom('appointments').select('id').limit(1).executeTakeFirst()) return;
  const { demoLineUsers, demoAppointmentPlan, makeAppointment } = await import('@guildhall/testkit/appointments-demo');
  const now = ctx.now();
  const rules = { ...defaultBookingSettings(ctx.config), timeZone: ctx.config.APPOINTMENT_TIME_ZONE };
  for (const user of demoLineUsers) {
    await db
      .insertInto('appointment_line_users')
      .values({ line_user_id: user.userId, display_name: user.displayName, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.column('line_user_id').doNothing())
      .execute();
  }
  const openDays = nextOpenDays(now, rules.timeZone, openWeekdays(rules), 3);
  for (const plan of demoAppointmentPlan) {
    const user = demoLineUsers[plan.user];
    const day = openDays[plan.openDay - 1];
    if (!user || !day) continue;
    const [h, m] = plan.time.split(':').map(Number) as [number, number];
    const startsAt = new TZDate(day.y, day.m, day.d, h, m, 0, 0, rules.timeZone).getTime();
    await db
      .insertInto('appointments')
      .values(
        makeAppointment(user.userId, startsAt, {
          ends_at: startsAt + rules.slotMinutes * 60_000,
          topic: plan.topic,
          created_at: now,
          updated_at: now,
        }),
      )
      .execute();
  }
}

function nextOpenDays(now: number, timeZone: string, days: number[], count: number): Array<{ y: number; m: number; d: number }> {
  const found: Array<{ y: number; m: number; d: number }> = [];
  const today = new TZDate(now, timeZone);
  for (let offset = 1; found.length < count && offset < 30; offset += 1) {
    const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, 0, 0, timeZone);
    if (days.includes(day.getDay())) found.push({ y: day.getFullYear(), m: day.getMonth(), d: day.getDate() });
  }
  return found;
}
