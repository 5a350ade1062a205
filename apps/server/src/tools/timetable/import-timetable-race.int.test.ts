import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTimetableRows, timetableCsv } from '@guildhall/testkit/timetable-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';

// Issue 10 item 9: six identical imports at once gave 1 x 200 and 5 x 500 on PostgreSQL (the
// one-class-per-slot unique index). On SQLite app.inject may serialise them; PostgreSQL proves it.

describe.each(DIALECTS)('timetable import under concurrency on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, discord: false, roblox: false, env: { ENABLED_TOOLS: 'timetable' } });
    const alice = await t.ctx.schoolAccounts.create(makeSchoolAccount());
    ({ cookie } = await t.signInSchool(alice.studentId));
  });
  afterAll(() => t.close());

  it('six identical imports at once all succeed and leave one timetable', async () => {
    const csv = timetableCsv(demoTimetableRows());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.request({ method: 'POST', url: '/timetable/api/schedule/import', cookie, payload: { csv } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Exactly one import added the classes; the others found them and updated them in place.
    expect(answers.map((a) => a.json().added).sort()).toEqual([0, 0, 0, 0, 0, demoTimetableRows().length]);
    const items = (await t.request({ method: 'GET', url: '/timetable/api/schedule?week_start=2025-10-20', cookie })).json();
    expect(items).toHaveLength(demoTimetableRows().length);
  });
});
