import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeHomework } from '@guildhall/testkit/timetable-demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { buildTwoStudentTimetableApp } from './timetable-test-app';

// Issue 16 item 5 (decision 0034): one-tap done, "mark all overdue done", weekly repeating homework
// and the sample CSV, through the real routes on both dialects.

const BASE = '/timetable/api';
// Wednesday 22 Oct 2025, 09:30 in Bangkok (UTC+7), 02:30 UTC.
const NOW = Date.parse('2025-10-22T09:30:00+07:00');

describe.each(DIALECTS)('homework that keeps up on %s', (dialect) => {
  let t: TestApp;
  let alice = '';
  let bob = '';
  let mathsMonday = 0;

  const call = async (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => {
    const res = await t.request({ method, url: BASE + url, cookie, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & Array<Record<string, unknown>>, raw: res };
  };
  const homework = async (cookie: string) => (await call('GET', '/homework', cookie)).body;
  const add = async (cookie: string, fields: Parameters<typeof makeHomework>[0]) => {
    const { status: _status, ...payload } = makeHomework({ subject_code: 'MA101', ...fields });
    const res = await call('POST', '/homework', cookie, payload);
    expect(res.status).toBe(201);
    if (fields?.status) {
      await t.request({ method: 'PUT', url: `${BASE}/homework/${res.body.id}`, cookie, payload: { ...payload, status: fields?.status } });
    }
    return Number(res.body.id);
  };

  beforeAll(async () => {
    ({ t, alice, bob } = await buildTwoStudentTimetableApp(dialect, NOW));
    const week = (await call('GET', '/schedule?week_start=2025-10-20', alice)).body;
    mathsMonday = Number(week.find((c) => c.subject_code === 'MA101')!.id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.withTables<{ timetable_homework: { id: number } }>().deleteFrom('timetable_homework').execute();
  });

  it('marks one item done in one call (Mark As Done, shown as Done), only the owner’s', async () => {
    const id = await add(alice, { due_date: '2025-10-24', due_time: '13:00' });
    expect((await call('POST', `/homework/${id}/done`, bob)).status).toBe(404);
    expect((await homework(alice))[0]).toMatchObject({ id, status: 'Pending' });
    const done = await call('POST', `/homework/${id}/done`, alice);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'Mark As Done' });
    expect((await homework(alice))[0]).toMatchObject({ id, status: 'Mark As Done' });
    expect((await call('POST', '/homework/abc/done', alice)).status).toBe(400);
    expect((await call('POST', '/homework/99999999999/done', alice)).status).toBe(400);
  });

  it('marks every overdue (Due) item done, leaving upcoming, graded, group and scheduled work, in the school’s zone', async () => {
    const yesterday = await add(alice, { title: 'Yesterday', due_date: '2025-10-21', due_time: '23:59' });
    // 09:00 Bangkok today has passed (it is 09:30 there, though only 02:30 UTC).
    const thisMorning = await add(alice, { title: 'This morning', due_date: '2025-10-22', due_time: '09:00' });
    const later = await add(alice, { title: 'Later today', due_date: '2025-10-22', due_time: '10:00' });
    const graded = await add(alice, { title: 'Graded', due_date: '2025-10-01', due_time: '08:00', status: 'Graded' });
    const group = await add(alice, { title: 'Group', due_date: '2025-10-01', due_time: '08:00', status: 'Group Work' });
    const bobsOld = await add(bob, { title: 'Bob', due_date: '2025-10-01', due_time: '08:00' });
    const res = await call('POST', '/homework/mark-overdue-done', alice);
    expect(res.status).toBe(200);
    expect(res.body.marked).toBe(2);
    expect((res.body.homework as unknown as Array<{ id: number }>).map((h) => h.id)).toEqual([yesterday, thisMorning]);
    const statuses = Object.fromEntries((await homework(alice)).map((h) => [h.id, h.status]));
    expect(statuses).toEqual({
      [yesterday]: 'Mark As Done',
      [thisMorning]: 'Mark As Done',
      [later]: 'Pending',
      [graded]: 'Graded',
      [group]: 'Group Work',
    });
    expect((await homework(bob)).find((h) => h.id === bobsOld)).toMatchObject({ status: 'Pending' });
    expect((await call('POST', '/homework/mark-overdue-done', alice)).body).toEqual({ marked: 0, homework: [] });
  });

  it('repeats homework weekly on a class: due at its start, from the next such class, for the weeks asked', async () => {
    const res = await call('POST', '/homework/repeat', alice, { schedule_item_id: mathsMonday, title: 'Weekly worksheet', weeks: 3 });
    expect(res.status).toBe(201);
    // Today is Wednesday 22 Oct: the next Monday is 27 Oct.
    expect(res.body.map((h) => [h.subject_code, h.due_date, h.due_time, h.status, h.title])).toEqual([
      ['MA101', '2025-10-27', '08:30', 'Pending', 'Weekly worksheet'],
      ['MA101', '2025-11-03', '08:30', 'Pending', 'Weekly worksheet'],
      ['MA101', '2025-11-10', '08:30', 'Pending', 'Weekly worksheet'],
    ]);
    expect(new Set(res.body.map((h) => h.homework_id)).size).toBe(3);
    expect(await homework(alice)).toHaveLength(3);
    // A start on the class's own day counts that day.
    const fromMonday = await call('POST', '/homework/repeat', alice, {
      schedule_item_id: mathsMonday,
      title: 'Vocab',
      details: 'Unit 4',
      weeks: 1,
      starting: '2025-11-17',
    });
    expect(fromMonday.body).toEqual([expect.objectContaining({ due_date: '2025-11-17', details: 'Unit 4' })]);
  });

  it.each([
    [{}, 'schedule_item_id'],
    [{ schedule_item_id: 1, title: '', weeks: 2 }, 'Title is required'],
    [{ schedule_item_id: 1, title: 'x', weeks: 0 }, 'weeks'],
    [{ schedule_item_id: 1, title: 'x', weeks: 21 }, 'weeks'],
    [{ schedule_item_id: 1, title: 'x', weeks: 1.5 }, 'weeks'],
    [{ schedule_item_id: 1, title: 'x', weeks: 2, starting: '2025-02-30' }, 'starting'],
    [{ schedule_item_id: 1, title: 'x', weeks: 2, every: 'day' }, 'every'],
  ])('refuses a repeat of %j with a 400 naming %s, writing nothing', async (payload, words) => {
    const res = await call('POST', '/homework/repeat', alice, payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_input', error: expect.stringContaining(words) });
    expect(await homework(alice)).toEqual([]);
  });

  it('refuses repeats that would fall after 9999-12-31 with a 400 naming starting (it was a 500, or dates like +010000-01), writing nothing', async () => {
    for (const [starting, weeks] of [
      ['9999-12-31', 2],
      ['9999-11-01', 20],
    ] as const) {
      const res = await call('POST', '/homework/repeat', alice, { schedule_item_id: mathsMonday, title: 'Far', weeks, starting });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', error: 'starting: the repeats would be due after 9999-12-31.' });
    }
    expect(await homework(alice)).toEqual([]);
    // Within the year 9999 it still repeats.
    const near = await call('POST', '/homework/repeat', alice, {
      schedule_item_id: mathsMonday,
      title: 'Far',
      weeks: 2,
      starting: '9999-11-01',
    });
    expect(near.status).toBe(201);
    expect(near.body.map((h) => h.due_date)).toEqual(['9999-11-01', '9999-11-08']);
  });

  it("refuses a repeat on another student's class or a missing one with a 404, writing nothing", async () => {
    const bobsWeek = (await call('GET', '/schedule?week_start=2025-10-20', bob)).body;
    for (const id of [Number(bobsWeek[0]!.id), 99999]) {
      const res = await call('POST', '/homework/repeat', alice, { schedule_item_id: id, title: 'x', weeks: 2 });
      expect(res.status).toBe(404);
    }
    expect(await homework(alice)).toEqual([]);
    expect(await homework(bob)).toEqual([]);
  });

  it('every new call needs a session; the sample CSV needs none and imports as it is', async () => {
    for (const url of ['/homework/1/done', '/homework/mark-overdue-done', '/homework/repeat']) {
      const res = await t.request({ method: 'POST', url: BASE + url, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
    const sample = await t.request({ method: 'GET', url: `${BASE}/schedule/sample.csv` });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toContain('text/csv');
    expect(sample.headers['content-disposition']).toContain('timetable-sample.csv');
    expect(sample.body.split('\r\n')[0]).toBe('subject_code,subject_name,day_of_week,start_time,end_time,room');
    const carol = makeSchoolAccount();
    await t.ctx.schoolAccounts.create(carol);
    const { cookie } = await t.signInSchool(carol.studentId);
    expect((await call('POST', '/schedule/import', cookie, { csv: sample.body })).body).toEqual({ added: 5, updated: 0, removed: 0 });
  });
});
