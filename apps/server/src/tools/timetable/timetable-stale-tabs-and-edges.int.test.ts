import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeHomework, makeTimetableRow, timetableCsv } from '@guildhall/testkit/timetable-demo';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { readCalendarFeed } from '@server/test-support/read-calendar-feed';
import { saveScheduleOverride } from './save-schedule-override';
import { makeTimetableDeps } from './timetable-deps';
import { buildTwoStudentTimetableApp } from './timetable-test-app';

// Audit of the timetable and homework manager (decision 0057), through the real routes on both
// dialects: weekly repeats made after today's class began, writes from a stale tab (a second tab or
// window showing the class or the homework as it was) that undid another tab's change, an override
// saved as a re-import removes its class, and the calendar feed's name.

/**
 * Answers the service's read of a class with `row`, as that read saw it: the class a re-import in
 * another tab removes right after the read (the answer is replaced, nothing waits, so no dialect's
 * single connection is held across the removal).
 */
function classReadAs(row: Record<string, unknown>): KyselyPlugin {
  const reads = new Set<string>();
  return {
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('timetable_schedule_items')) reads.add(queryId.queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      return reads.delete(queryId.queryId) ? { ...result, rows: [row] } : result;
    },
  };
}

const BASE = '/timetable/api';
// Monday 20 Oct 2025, 10:00 in Bangkok: Maths (08:30) has begun today, English (Wednesday) has not.
const NOW = Date.parse('2025-10-20T10:00:00+07:00');
const THIS_WEEK = '2025-10-20';

describe.each(DIALECTS)('timetable writes from stale tabs, and edges, on %s', (dialect) => {
  let t: TestApp;
  let alice = '';
  let bob = '';
  let maths = 0;
  let english = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => {
    const res = await t.request({ method, url: BASE + url, cookie, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & Array<Record<string, unknown>> };
  };
  const week = async (cookie = alice) => (await call('GET', `/schedule?week_start=${THIS_WEEK}`, cookie)).body;
  const homework = async (cookie = alice) => (await call('GET', '/homework', cookie)).body;

  beforeAll(async () => {
    ({ t, alice, bob } = await buildTwoStudentTimetableApp(dialect, NOW));
    const classes = await week();
    maths = Number(classes.find((c) => c.subject_code === 'MA101')!.id);
    english = Number(classes.find((c) => c.subject_code === 'EN101')!.id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.withTables<{ timetable_homework: { id: number } }>().deleteFrom('timetable_homework').execute();
    await t.database.db.withTables<{ timetable_overrides: { owner_id: number } }>().deleteFrom('timetable_overrides').execute();
  });

  describe('weekly repeats (defect 1)', () => {
    it("starts from next week's class when today's has already begun, so no item is born overdue", async () => {
      const res = await call('POST', '/homework/repeat', alice, { schedule_item_id: maths, title: 'Worksheet', weeks: 2 });
      expect(res.status).toBe(201);
      // It is Monday 10:00; Maths began at 08:30: the old code made one due today at 08:30, already Due.
      expect(res.body.map((h) => `${h.due_date} ${h.due_time}`)).toEqual(['2025-10-27 08:30', '2025-11-03 08:30']);
    });

    it('still counts a class later today, and a start date the person chose is kept as chosen', async () => {
      await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960003' }));
      const carol = (await t.signInSchool('68960003')).cookie;
      const csv = timetableCsv([
        makeTimetableRow({ subject_code: 'SC101', subject_name: 'Science', day_of_week: 1, start_time: '13:00', end_time: '13:50' }),
      ]);
      expect((await call('POST', '/schedule/import', carol, { csv })).status).toBe(200);
      const science = Number((await week(carol))[0]!.id);
      const later = await call('POST', '/homework/repeat', carol, { schedule_item_id: science, title: 'Lab', weeks: 1 });
      expect(later.body.map((h) => h.due_date)).toEqual(['2025-10-20']);
      const chosen = await call('POST', '/homework/repeat', alice, {
        schedule_item_id: maths,
        title: 'Past',
        weeks: 1,
        starting: THIS_WEEK,
      });
      expect(chosen.body.map((h) => h.due_date)).toEqual(['2025-10-20']);
    });
  });

  describe('a save from a stale tab (defect 2: overrides)', () => {
    const override = (fields: Record<string, unknown>) =>
      call('POST', '/schedule/override', alice, { schedule_item_id: english, week_start_date: THIS_WEEK, ...fields });

    it('refuses a status change naming the note it saw, instead of wiping the note another tab saved', async () => {
      // Both tabs show English as Up-Coming with no note. Tab B writes a note.
      const b = await override({ status: 'Up-Coming', notes: 'Bring the dictionary', expected: { status: 'Up-Coming', notes: '' } });
      expect(b.status).toBe(200);
      // Tab A, still showing no note, cancels the class: it is told, and B's note stays.
      const a = await override({ status: 'Cancelled', notes: '', expected: { status: 'Up-Coming', notes: '' } });
      expect(a.status).toBe(409);
      expect(a.body).toEqual({
        code: 'conflict',
        error: 'This class was changed in another tab or window since you opened it. Look at it again, then save.',
        details: { reason: 'class_changed' },
      });
      expect((await week()).find((c) => c.id === english)).toMatchObject({ status: 'Up-Coming', notes: 'Bring the dictionary' });
      // Having seen the note, the change goes through.
      const again = await override({
        status: 'Cancelled',
        notes: 'Bring the dictionary',
        expected: { status: 'Up-Coming', notes: 'Bring the dictionary' },
      });
      expect(again.status).toBe(200);
      expect((await week()).find((c) => c.id === english)).toMatchObject({ status: 'Cancelled', notes: 'Bring the dictionary' });
    });

    it('lets only one of two saves made from the same view win, on a class with no override yet', async () => {
      const seen = { status: 'Up-Coming', notes: '' };
      const results = await Promise.all([
        override({ status: 'Cancelled', notes: '', expected: seen }),
        override({ status: 'Up-Coming', notes: 'Quiz', expected: seen }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it('works as before without `expected` (002 §7 fields only), and still refuses bad input with a 400', async () => {
      expect((await override({ status: 'Finished', notes: 'x' })).status).toBe(200);
      expect((await override({ status: 'Finished', notes: 'x', expected: { status: 'Done', notes: 'x' } })).status).toBe(400);
      expect((await override({ status: 'Finished', notes: 'x', expected: { status: 'Finished' } })).status).toBe(400);
    });
  });

  describe('an edit from a stale tab (defect 3: homework)', () => {
    const create = async () => {
      const { status: _status, ...payload } = makeHomework({
        subject_code: 'MA101',
        title: 'Essay',
        due_date: '2025-10-24',
        due_time: '13:00',
      });
      const res = await call('POST', '/homework', alice, payload);
      expect(res.status).toBe(201);
      return res.body;
    };
    const formOf = (item: Record<string, unknown>) => {
      const { id: _id, ...fields } = item;
      return fields as Record<string, string>;
    };

    it('refuses an edit made from the item as it was, instead of undoing the Done marked in another tab', async () => {
      const item = await create();
      const opened = formOf(item);
      // Tab B marks it done; tab A's edit form still shows it Pending and fixes the title.
      expect((await call('POST', `/homework/${item.id}/done`, alice)).status).toBe(200);
      const edit = await call('PUT', `/homework/${item.id}`, alice, { ...opened, title: 'Essay (final)', expected: opened });
      expect(edit.status).toBe(409);
      expect(edit.body).toEqual({
        code: 'conflict',
        error: 'This homework was changed in another tab or window since you opened it. Look at it again, then save.',
        details: { reason: 'homework_changed' },
      });
      expect((await homework())[0]).toMatchObject({ title: 'Essay', status: 'Mark As Done' });
      // Opened again, the edit keeps the Done.
      const fresh = formOf((await homework())[0]!);
      const ok = await call('PUT', `/homework/${item.id}`, alice, { ...fresh, title: 'Essay (final)', expected: fresh });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ title: 'Essay (final)', status: 'Mark As Done' });
    });

    it('lets only one of two edits made from the same form win', async () => {
      const item = await create();
      const opened = formOf(item);
      const results = await Promise.all(
        ['A', 'B'].map((title) => call('PUT', `/homework/${item.id}`, alice, { ...opened, title, expected: opened })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it("is still a 404 for another student's item, and edits as before without `expected`", async () => {
      const item = await create();
      const opened = formOf(item);
      expect((await call('PUT', `/homework/${item.id}`, bob, { ...opened, expected: opened })).status).toBe(404);
      expect((await call('PUT', `/homework/${item.id}`, alice, { ...opened, title: 'Plain' })).body).toMatchObject({ title: 'Plain' });
      expect((await homework(bob)).length).toBe(0);
    });
  });

  describe('an override saved while a re-import removes its class (defect 4)', () => {
    it('is a 404 naming the class, not a 500 from the foreign key', async () => {
      await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960004' }));
      const dave = await t.signInSchool('68960004');
      const csv = timetableCsv([makeTimetableRow({ subject_code: 'AR101', day_of_week: 4, start_time: '10:30', end_time: '11:20' })]);
      expect((await call('POST', '/schedule/import', dave.cookie, { csv })).status).toBe(200);
      const [art] = await week(dave.cookie);
      // Another tab's import no longer lists the class: it goes, right after this save has read it.
      await t.database.db
        .withTables<{ timetable_schedule_items: { id: number } }>()
        .deleteFrom('timetable_schedule_items')
        .where('id', '=', Number(art!.id))
        .execute();
      const deps = makeTimetableDeps(t.ctx);
      const racing = { ...deps, db: deps.db.withPlugin(classReadAs(art!)) };
      const save = saveScheduleOverride(racing, dave.account.id, {
        schedule_item_id: Number(art!.id),
        week_start_date: THIS_WEEK,
        status: 'Cancelled',
        notes: '',
      });
      await expect(save).rejects.toMatchObject({
        code: 'not_found',
        message: 'That class is not in your timetable.',
        details: { reason: 'class_missing' },
      });
      expect((await call('GET', '/overrides/all', dave.cookie)).body).toEqual([]);
    });
  });

  describe('the calendar feed (defect 5)', () => {
    it("escapes the calendar's name as RFC 5545 text: a student ID's comma, semicolon or line break", async () => {
      await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '6896,01;A\nB' }));
      const erin = await t.signInSchool('6896,01;A\nB');
      const res = await t.request({ method: 'GET', url: `${BASE}/homework.ics`, cookie: erin.cookie });
      expect(res.statusCode).toBe(200);
      const lines = res.body.split('\r\n');
      // The old feed wrote 'X-WR-CALNAME:Homework 6896,01;A' and then a line 'B' of its own.
      expect(lines).toContain('X-WR-CALNAME:Homework 6896\\,01\\;A\\nB');
      expect(lines).toContain('NAME:Homework 6896\\,01\\;A\\nB');
      expect(lines).not.toContain('B');
      expect(readCalendarFeed(res.body)).toEqual([]);
    });
  });
});
