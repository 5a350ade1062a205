import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeTimetableRow, timetableCsv } from '@guildhall/testkit/timetable-demo';
import { expect } from 'vitest';
import type { Dialect } from '@server/core/db/database';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';

/**
 * The timetable tool alone, its clock at `now`, with two students signed in (`alice` 68960001 and
 * `bob` 68980002: their cookies), each having imported the same week: Maths (MA101) on Monday
 * 08:30-09:20 and English (EN101) on Wednesday 10:30-11:20.
 */
export async function buildTwoStudentTimetableApp(dialect: Dialect, now: number): Promise<{ t: TestApp; alice: string; bob: string }> {
  const t = await buildTestApp({
    dialect,
    discord: false,
    roblox: false,
    clock: createTestClock(now),
    env: { ENABLED_TOOLS: 'timetable' },
  });
  try {
    for (const studentId of ['68960001', '68980002']) await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId }));
    const alice = (await t.signInSchool('68960001')).cookie;
    const bob = (await t.signInSchool('68980002')).cookie;
    const csv = timetableCsv([
      makeTimetableRow({ subject_code: 'MA101', subject_name: 'Maths', day_of_week: 1, start_time: '08:30', end_time: '09:20' }),
      makeTimetableRow({ subject_code: 'EN101', subject_name: 'English', day_of_week: 3, start_time: '10:30', end_time: '11:20' }),
    ]);
    for (const cookie of [alice, bob]) {
      expect((await t.request({ method: 'POST', url: '/timetable/api/schedule/import', cookie, payload: { csv } })).statusCode).toBe(200);
    }
    return { t, alice, bob };
  } catch (error) {
    await t.close();
    throw error;
  }
}
