import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSchoolAccounts } from '@guildhall/testkit/school-demo';
import { createContext } from '@server/app';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/core/context';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { seedTimetableDemo } from './seed-timetable-demo';
import { listHomework } from './list-homework';
import { listOverrideSummary } from './list-override-summary';
import { listScheduleItems } from './list-schedule-items';
import { makeTimetableDeps } from './timetable-deps';

// Wednesday 22 Oct 2025, 10:00 in Bangkok.
const NOW = Date.parse('2025-10-22T10:00:00+07:00');

describe.each(DIALECTS)('timetable demo seed on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test' }), database, createLocalEventBus(), () => NOW);
  });
  afterAll(() => database.close());

  it('gives every demo student a timetable, homework and summary entries, once', async () => {
    await seedTimetableDemo(ctx);
    await seedTimetableDemo(ctx); // a second run adds nothing
    const deps = makeTimetableDeps(ctx);
    const students = demoSchoolAccounts.filter((a) => a.role === 'student');
    for (const demo of students) {
      const account = (await ctx.schoolAccounts.verifyPassword(demo.studentId, demo.password))!;
      expect(account, demo.studentId).not.toBeNull();
      expect(await listScheduleItems(deps, account.id)).toHaveLength(20);
      const homework = await listHomework(deps, account.id);
      expect(new Set(homework.map((h) => h.status))).toEqual(new Set(['Pending', 'Group Work', 'Scheduled', 'Mark As Done', 'Graded']));
      const summary = await listOverrideSummary(deps, account.id);
      expect(summary.map((s) => s.week_start_date).sort()).toEqual(['2025-10-13', '2025-10-20']);
    }
    // Staff accounts get no timetable.
    const lead = await ctx.schoolAccounts.findByStudentId(demoSchoolAccounts.find((a) => a.role === 'sports_lead')!.studentId);
    expect(lead).toBeNull();
  });
});
