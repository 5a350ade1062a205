import { addWeeks, currentWeekStart, schoolMoment } from '@guildhall/contracts/timetable-rules';
import type { AppContext } from '@server/core/context';
import { insertHomework } from './create-homework';
import { replaceTimetable } from './import-timetable';
import { listScheduleItems } from './list-schedule-items';
import { upsertOverride } from './save-schedule-override';
import { makeTimetableDeps } from './timetable-deps';

/**
 * Demo data (outside production): every demo student gets the demo weekly timetable, homework of
 * each display status around today, and a couple of overrides for the Subject Summary. The demo
 * school accounts are shared with the sports tool, so only the missing ones are created.
 */
export async function seedTimetableDemo(ctx: AppContext): Promise<void> {
  const { demoSchoolAccounts } = await import('@guildhall/testkit/school-demo');
  const { demoTimetableRows, demoHomework } = await import('@guildhall/testkit/timetable-demo');
  const deps = makeTimetableDeps(ctx);
  const { settings } = deps;
  const today = schoolMoment(ctx.now(), settings.timeZone).date;
  const thisWeek = currentWeekStart(ctx.now(), settings);

  for (const demo of demoSchoolAccounts.filter((a) => a.role === 'student')) {
    const account =
      (await ctx.schoolAccounts.findByStudentId(demo.studentId)) ??
      (await ctx.schoolAccounts.create({ studentId: demo.studentId, password: demo.password, email: demo.email, role: demo.role }));
    if ((await listScheduleItems(deps, account.id)).length > 0) continue;
    await replaceTimetable(deps, account.id, demoTimetableRows());
    for (const homework of demoHomework(today))
      await insertHomework(deps, account.id, { ...homework, homework_id: homework.homework_id ?? `HW-${account.id}` });
    const items = await listScheduleItems(deps, account.id);
    const [first, second] = items;
    if (first && thisWeek > settings.termStart) {
      await upsertOverride(deps, account.id, {
        schedule_item_id: first.id,
        week_start_date: addWeeks(thisWeek, -1),
        status: 'Finished',
        notes: 'Covered chapter 2; quiz next week.',
      });
    }
    if (second)
      await upsertOverride(deps, account.id, {
        schedule_item_id: second.id,
        week_start_date: thisWeek,
        status: 'Cancelled',
        notes: 'Teacher at a workshop.',
      });
  }
}
