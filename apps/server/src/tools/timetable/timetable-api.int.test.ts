import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTimetableRows, makeHomework, makeTimetableRow, timetableCsv } from '@guildhall/testkit/timetable-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';
import { readCalendarFeed } from '@server/test-support/read-calendar-feed';

// The timetable API (002 §7) end to end through the real app, on SQLite and PostgreSQL: sign-in,
// server-side validation (4xx and nothing written), the notes window and past-day rule, and
// isolation between two students on every endpoint.

const BASE = '/timetable/api';
// Wednesday 22 Oct 2025, 09:30 in Bangkok (UTC+7): this week starts Mon 20 Oct; the term started 13 Oct.
const NOW = Date.parse('2025-10-22T09:30:00+07:00');
const THIS_WEEK = '2025-10-20';
const NEXT_WEEK = '2025-10-27';
const WEEK_AFTER_NEXT = '2025-11-03';

describe.each(DIALECTS)('timetable API on %s', (dialect) => {
  let t: TestApp;
  let alice: { cookie: string; token: string; id: number };
  let bob: { cookie: string; token: string; id: number };

  const as = (who: { cookie: string }) => ({
    get: (url: string) => t.request({ method: 'GET', url: BASE + url, cookie: who.cookie }),
    post: (url: string, payload: unknown) => t.request({ method: 'POST', url: BASE + url, cookie: who.cookie, payload: payload as object }),
    put: (url: string, payload: unknown) => t.request({ method: 'PUT', url: BASE + url, cookie: who.cookie, payload: payload as object }),
    del: (url: string) => t.request({ method: 'DELETE', url: BASE + url, cookie: who.cookie }),
  });
  const count = async (table: 'timetable_homework' | 'timetable_overrides' | 'timetable_schedule_items') => {
    const row = await t.database.db
      .withTables<Record<string, { n: number }>>()
      .selectFrom(table as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number((row as { n: number }).n);
  };
  const signIn = async (studentId: string) => {
    const { cookie, token, account } = await t.signInSchool(studentId);
    return { cookie, token, id: account.id };
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect, discord: false, roblox: false, clock: createTestClock(NOW), env: { ENABLED_TOOLS: 'timetable' } });
    // Alice's password and email are the ones the sign-in tests send and read back.
    await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960001', password: 'alice-pass', email: 'alice@school.test' }));
    await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68980002', email: null }));
    alice = await signIn('68960001');
    bob = await signIn('68980002');
  });
  afterAll(() => t.close());

  describe('sign-in', () => {
    it('answers the 002 §3 login response and sets a cookie; a wrong password is a 401', async () => {
      const ok = await t.request({ method: 'POST', url: `${BASE}/login`, payload: { student_id: '68960001', password: 'alice-pass' } });
      expect(ok.json()).toMatchObject({ role: 'student', userId: alice.id, studentId: '68960001', email: 'alice@school.test' });
      expect(typeof ok.json().token).toBe('string');
      const bad = await t.request({ method: 'POST', url: `${BASE}/login`, payload: { student_id: '68960001', password: 'nope' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ error: 'Invalid student ID or password.', code: 'invalid_credentials' });
      const empty = await t.request({ method: 'POST', url: `${BASE}/login`, payload: { student_id: '', password: '' } });
      expect(empty.statusCode).toBe(400);
    });

    it('accepts the bearer token as well as the cookie, and refuses anonymous calls on every endpoint', async () => {
      const bearer = await t.request({ method: 'GET', url: `${BASE}/me`, headers: { authorization: `Bearer ${alice.token}` } });
      expect(bearer.json()).toMatchObject({ studentId: '68960001' });
      const calls: [string, string][] = [
        ['GET', '/me'],
        ['GET', `/schedule?week_start=${THIS_WEEK}`],
        ['POST', '/schedule/override'],
        ['POST', '/schedule/import'],
        ['GET', '/overrides/all'],
        ['GET', '/homework'],
        ['POST', '/homework'],
        ['PUT', '/homework/1'],
        ['DELETE', '/homework/1'],
        ['GET', '/homework.ics'],
      ];
      for (const [method, url] of calls) {
        const res = await t.request({
          method: method as 'GET',
          url: BASE + url,
          ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().error).toBeTruthy();
      }
    });

    it('answers the school settings with the spec defaults', async () => {
      const res = await t.request({ method: 'GET', url: `${BASE}/config` });
      expect(res.json()).toMatchObject({ termStart: '2025-10-13', timeZone: 'Asia/Bangkok', weekStartsOn: 1, serverNow: NOW });
      expect(res.json().dayNames[0]).toBe('วันจันทร์');
    });
  });

  describe('CSV import', () => {
    it('refuses a bad file with a 400 naming the line, writing nothing', async () => {
      // Issue 16 item 1: each refusal also says which sentence it is, with its data (details), for Thai.
      const bad: Array<[string, Record<string, string | number>]> = [
        ['subject_code,subject_name,start_time,end_time,room\nX,Y,08:00,09:00,1\n', { reason: 'csv_header', columns: 'day_of_week' }],
        [timetableCsv([makeTimetableRow(), makeTimetableRow({ start_time: '25:00' })]), { reason: 'csv_line', line: 3 }],
        [timetableCsv([makeTimetableRow(), makeTimetableRow({ day_of_week: 9 })]), { reason: 'csv_line', line: 3 }],
        [timetableCsv([makeTimetableRow(), makeTimetableRow({ end_time: '08:00' })]), { reason: 'csv_end_before_start', line: 3 }],
        [
          timetableCsv([makeTimetableRow(), makeTimetableRow({ subject_name: 'Again' })]), // same slot twice
          { reason: 'csv_same_start', line: 3, earlier: 2, time: makeTimetableRow().start_time },
        ],
        [timetableCsv([makeTimetableRow({ subject_code: '' })]), { reason: 'csv_line', line: 2 }],
        ['"unterminated,quote\n', { reason: 'csv_unreadable' }],
        // A column named twice: one of the two was dropped without a word.
        [
          'subject_code,subject_name,Subject_Name,day_of_week,start_time,end_time,room\nMA,Math,OTHER,1,08:00,09:00,1\n',
          { reason: 'csv_unreadable' },
        ],
      ];
      for (const [csv, details] of bad) {
        const res = await as(alice).post('/schedule/import', { csv });
        expect(res.statusCode, csv).toBe(400);
        expect(res.json(), csv).toEqual({ code: 'invalid_input', error: expect.any(String), details });
      }
      expect((await as(alice).post('/schedule/import', { csv: '' })).statusCode).toBe(400);
      expect((await as(alice).post('/schedule/import', { text: 'x' })).statusCode).toBe(400);
      expect(await count('timetable_schedule_items')).toBe(0);
      // A raw CSV body instead of {csv} is refused too (415: only JSON here).
      expect((await as(alice).post('/schedule/import', timetableCsv([makeTimetableRow()]))).statusCode).toBe(415);
    });

    it("imports a weekly timetable, and re-importing keeps a slot's id (and its overrides)", async () => {
      const res = await as(alice).post('/schedule/import', { csv: timetableCsv(demoTimetableRows()) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ added: 20, updated: 0, removed: 0 });
      const before = (await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as {
        id: number;
        day_of_week: number;
        start_time: string;
      }[];
      const again = await as(alice).post('/schedule/import', {
        csv: timetableCsv(demoTimetableRows().map((r) => (r.day_of_week === 5 && r.start_time === '13:00' ? { ...r, room: 'Lab 2' } : r))),
      });
      expect(again.json()).toEqual({ added: 0, updated: 20, removed: 0 });
      const after = (await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as {
        id: number;
        room: string;
        day_of_week: number;
        start_time: string;
      }[];
      expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id));
      expect(after.find((i) => i.day_of_week === 5 && i.start_time === '13:00')?.room).toBe('Lab 2');
      // Day names work too.
      const named = timetableCsv([makeTimetableRow()]).replace(',1,08:30', ',Monday,08:30');
      expect((await as(bob).post('/schedule/import', { csv: named })).json()).toEqual({ added: 1, updated: 0, removed: 0 });
    });
    it('refuses two classes at once on a day, in a sentence, and keeps the timetable as it was', async () => {
      await as(alice).post('/schedule/import', { csv: timetableCsv(demoTimetableRows()) });
      const before = (await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json();
      expect(before).toHaveLength(20);
      // 09:00-10:00 on a day that has 08:30-09:20: one student cannot sit both (it was imported).
      const csv = timetableCsv([
        makeTimetableRow({ day_of_week: 6, start_time: '08:30', end_time: '09:20' }),
        makeTimetableRow({ day_of_week: 6, start_time: '09:20', end_time: '10:10', subject_name: 'Next, not overlapping' }),
        makeTimetableRow({ day_of_week: 6, start_time: '09:00', end_time: '10:00', subject_name: 'วิทยาศาสตร์ 🔬' }),
      ]);
      const res = await as(alice).post('/schedule/import', { csv });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_input',
        error: 'Line 4: this class overlaps the class on line 2 (08:30-09:20) that day.',
        details: { reason: 'csv_overlap', line: 4, earlier: 2, start: '08:30', end: '09:20' },
      });
      // A class wholly inside another overlaps it too.
      const inside = timetableCsv([
        makeTimetableRow({ day_of_week: 6, start_time: '08:00', end_time: '12:00' }),
        makeTimetableRow({ day_of_week: 6, start_time: '09:00', end_time: '09:50' }),
      ]);
      expect((await as(alice).post('/schedule/import', { csv: inside })).json()).toMatchObject({
        details: { reason: 'csv_overlap', line: 3, earlier: 2, start: '08:00', end: '12:00' },
      });
      expect((await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json()).toEqual(before);
    });
  });

  describe('GET /schedule', () => {
    it('answers the items of 002 §3 for a week', async () => {
      const res = await as(alice).get(`/schedule?week_start=${THIS_WEEK}`);
      expect(res.statusCode).toBe(200);
      const items = res.json();
      expect(items).toHaveLength(20);
      expect(Object.keys(items[0]).sort()).toEqual([
        'day_of_week',
        'end_time',
        'id',
        'notes',
        'room',
        'start_time',
        'status',
        'subject_code',
        'subject_name',
      ]);
      expect(items[0]).toMatchObject({
        subject_code: 'ค21101',
        subject_name: 'Mathematics',
        day_of_week: 1,
        start_time: '08:30',
        end_time: '09:20',
        status: 'Up-Coming',
        notes: '',
      });
    });

    it('refuses a missing, invalid or non-Monday week start', async () => {
      for (const q of ['', '?week_start=', '?week_start=2025-10-21', '?week_start=2025-02-30', '?week_start=yesterday']) {
        const res = await as(alice).get(`/schedule${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error).toMatch(/week_start/);
      }
    });
  });

  describe('POST /schedule/override', () => {
    const itemAt = async (day: number, start: string) => {
      const items = (await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as {
        id: number;
        day_of_week: number;
        start_time: string;
      }[];
      return items.find((i) => i.day_of_week === day && i.start_time === start)!.id;
    };

    it("sets a class's status and notes for one week only", async () => {
      const id = await itemAt(4, '09:20'); // Thursday
      const res = await as(alice).post('/schedule/override', {
        schedule_item_id: id,
        week_start_date: THIS_WEEK,
        status: 'Cancelled',
        notes: 'Sports day',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ schedule_item_id: id, week_start_date: THIS_WEEK, status: 'Cancelled', notes: 'Sports day' });
      const week = (await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as { id: number; status: string; notes: string }[];
      expect(week.find((i) => i.id === id)).toMatchObject({ status: 'Cancelled', notes: 'Sports day' });
      const next = (await as(alice).get(`/schedule?week_start=${NEXT_WEEK}`)).json() as { id: number; status: string; notes: string }[];
      expect(next.find((i) => i.id === id)).toMatchObject({ status: 'Up-Coming', notes: '' });
      // Saving again updates the same override (one per class and week).
      await as(alice).post('/schedule/override', {
        schedule_item_id: id,
        week_start_date: THIS_WEEK,
        status: 'Finished',
        notes: 'Sports day',
      });
      expect(await count('timetable_overrides')).toBe(1);
    });

    it('lets notes change next week but not beyond (002 §5), writing nothing', async () => {
      const id = await itemAt(1, '08:30');
      const ok = await as(alice).post('/schedule/override', {
        schedule_item_id: id,
        week_start_date: NEXT_WEEK,
        status: 'Up-Coming',
        notes: 'Bring calculator',
      });
      expect(ok.statusCode).toBe(200);
      const before = await count('timetable_overrides');
      const late = await as(alice).post('/schedule/override', {
        schedule_item_id: id,
        week_start_date: WEEK_AFTER_NEXT,
        status: 'Up-Coming',
        notes: 'Too early',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('notes: Cannot edit notes more than one week in advance.');
      // A status change alone that far ahead is allowed (the notes stay as they are).
      const statusOnly = await as(alice).post('/schedule/override', {
        schedule_item_id: id,
        week_start_date: WEEK_AFTER_NEXT,
        status: 'Cancelled',
        notes: '',
      });
      expect(statusOnly.statusCode).toBe(200);
      expect(await count('timetable_overrides')).toBe(before + 1);
    });

    it("keeps a past day's status but still takes its notes (002 §4)", async () => {
      const monday = await itemAt(1, '09:20');
      const refused = await as(alice).post('/schedule/override', {
        schedule_item_id: monday,
        week_start_date: THIS_WEEK,
        status: 'Finished',
        notes: '',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/past class/);
      const notes = await as(alice).post('/schedule/override', {
        schedule_item_id: monday,
        week_start_date: THIS_WEEK,
        status: 'Up-Coming',
        notes: 'Missed: dentist',
      });
      expect(notes.statusCode).toBe(200);
      // Today (Wednesday) is not a past day.
      const today = await as(alice).post('/schedule/override', {
        schedule_item_id: await itemAt(3, '08:30'),
        week_start_date: THIS_WEEK,
        status: 'Finished',
        notes: '',
      });
      expect(today.statusCode).toBe(200);
    });

    it('refuses bad input with a 4xx and writes nothing', async () => {
      const id = await itemAt(5, '08:30');
      const before = await count('timetable_overrides');
      const bad: [unknown, number][] = [
        [{ schedule_item_id: id, week_start_date: THIS_WEEK, status: 'Postponed', notes: '' }, 400],
        [{ schedule_item_id: id, week_start_date: '2025-10-21', status: 'Cancelled', notes: '' }, 400],
        [{ schedule_item_id: id, week_start_date: '2025-10-06', status: 'Cancelled', notes: '' }, 400], // before term start
        [{ schedule_item_id: id, week_start_date: 'soon', status: 'Cancelled', notes: '' }, 400],
        [{ schedule_item_id: 'one', week_start_date: THIS_WEEK, status: 'Cancelled' }, 400],
        [{ week_start_date: THIS_WEEK, status: 'Cancelled' }, 400],
        [{ schedule_item_id: id, week_start_date: THIS_WEEK, status: 'Cancelled', notes: 'x'.repeat(2001) }, 400],
        [{ schedule_item_id: id, week_start_date: THIS_WEEK, status: 'Cancelled', owner_id: bob.id }, 400],
        [{ schedule_item_id: 999_999, week_start_date: THIS_WEEK, status: 'Cancelled', notes: '' }, 404],
        // Beyond a 32-bit id column: PostgreSQL would fail the query (a 500) if the contract let it through.
        [{ schedule_item_id: 2 ** 40, week_start_date: THIS_WEEK, status: 'Cancelled', notes: '' }, 400],
      ];
      for (const [payload, status] of bad) {
        const res = await as(alice).post('/schedule/override', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().error).toBeTruthy();
      }
      expect(await count('timetable_overrides')).toBe(before);
    });

    it('answers the subject summary from /overrides/all (002 §3 fields)', async () => {
      const res = await as(alice).get('/overrides/all');
      const entries = res.json() as Record<string, unknown>[];
      expect(entries.length).toBe(await count('timetable_overrides'));
      expect(Object.keys(entries[0]!).sort()).toEqual([
        'day_of_week',
        'notes',
        'status',
        'subject_code',
        'subject_name',
        'week_start_date',
      ]);
      expect(entries).toContainEqual({
        subject_name: 'English',
        subject_code: 'อ21101',
        week_start_date: THIS_WEEK,
        day_of_week: 4,
        status: 'Finished',
        notes: 'Sports day',
      });
    });
  });

  describe('homework', () => {
    it('creates an item that starts Pending with a generated prefix-suffix id (201)', async () => {
      const { status: _status, ...payload } = makeHomework({ subject_code: 'ว21101', due_date: '2025-10-24', due_time: '13:00' });
      const res = await as(alice).post('/homework', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        title: payload.title,
        subject_code: 'ว21101',
        due_date: '2025-10-24',
        due_time: '13:00',
        status: 'Pending',
      });
      expect(res.json().homework_id).toMatch(/^HW-[2-9A-HJ-NP-Z]{6}$/);
    });

    it('keeps homework_id unique per student (409), but two students may use the same one', async () => {
      const first = await as(alice).post('/homework', makeHomework({ homework_id: 'HW-ABC123' }));
      expect(first.statusCode).toBe(201);
      const before = await count('timetable_homework');
      const again = await as(alice).post('/homework', makeHomework({ homework_id: 'HW-ABC123' }));
      expect(again.statusCode).toBe(409);
      expect(await count('timetable_homework')).toBe(before);
      const bobs = await as(bob).post('/homework', makeHomework({ homework_id: 'HW-ABC123' }));
      expect(bobs.statusCode).toBe(201);
    });

    it('refuses bad input with a 400 naming the field, writing nothing (002 §5 required fields)', async () => {
      const before = await count('timetable_homework');
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ title: '' }, /Title is required/],
        [{ title: '   ' }, /Title is required/],
        [{ subject_code: '' }, /Subject is required/],
        [{ subject_code: 'ZZ999' }, /subject_code/], // not a subject of the schedule
        [{ due_date: '' }, /due_date/],
        [{ due_date: '2025-02-30' }, /due_date/],
        [{ due_time: '8:30' }, /due_time/],
        [{ due_time: '24:00' }, /due_time/],
        [{ status: 'Done' }, /status/],
        [{ homework_id: 'no dash' }, /homework_id/],
        [{ title: 'x'.repeat(201) }, /title/],
        [{ owner_id: bob.id }, /owner_id|Unrecognized/i],
      ];
      for (const [change, message] of bad) {
        const res = await as(alice).post('/homework', { ...makeHomework(), ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const noBody = await t.request({
        method: 'POST',
        url: `${BASE}/homework`,
        cookie: alice.cookie,
        headers: { 'content-type': 'application/json' },
        payload: 'not json',
      });
      expect(noBody.statusCode).toBe(400);
      expect(await count('timetable_homework')).toBe(before);
    });

    it('refuses a bad edit with a 400 naming the field, leaving the item as it was', async () => {
      const created = (await as(alice).post('/homework', makeHomework({ homework_id: 'HW-BADPUT' }))).json() as { id: number };
      const before = (await as(alice).get('/homework')).json();
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ title: '' }, /Title is required/],
        [{ subject_code: 'ZZ999' }, /subject_code/],
        [{ due_date: '2025-13-01' }, /due_date/],
        [{ due_time: '7pm' }, /due_time/],
        [{ status: 'Done' }, /status/],
        [{ status: undefined }, /status/],
        [{ homework_id: 'HW_NODASH' }, /homework_id/],
        [{ details: 'x'.repeat(5001) }, /details/],
        [{ owner_id: bob.id }, /owner_id|Unrecognized/i],
      ];
      for (const [change, message] of bad) {
        const res = await as(alice).put(`/homework/${created.id}`, { ...makeHomework({ status: 'Graded' }), ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      expect((await as(alice).get('/homework')).json()).toEqual(before);
      await as(alice).del(`/homework/${created.id}`);
    });

    it('edits an item (status required when editing) and deletes it', async () => {
      const created = (await as(alice).post('/homework', makeHomework({ homework_id: 'HW-EDIT1' }))).json();
      const { status: _s, ...withoutStatus } = makeHomework();
      const missing = await as(alice).put(`/homework/${created.id}`, withoutStatus);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatch(/status/);
      const edited = await as(alice).put(`/homework/${created.id}`, {
        ...makeHomework({ title: 'Edited', status: 'Mark As Done' }),
        homework_id: undefined,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: created.id, homework_id: 'HW-EDIT1', title: 'Edited', status: 'Mark As Done' });
      expect(
        (await as(alice).put(`/homework/${created.id}`, makeHomework({ homework_id: 'HW-ABC123', status: 'Pending' }))).statusCode,
      ).toBe(409);
      expect((await as(alice).put('/homework/abc', makeHomework())).statusCode).toBe(400);
      const noSuchHomework = await as(alice).put('/homework/999999', makeHomework());
      expect(noSuchHomework.statusCode).toBe(404);
      expect(noSuchHomework.json()).toEqual({
        error: 'That homework does not exist.',
        code: 'not_found',
        details: { reason: 'homework_missing' },
      });
      const gone = await as(alice).del(`/homework/${created.id}`);
      expect(gone.json()).toEqual({ ok: true });
      expect((await as(alice).del(`/homework/${created.id}`)).statusCode).toBe(404);
      expect((await as(alice).del('/homework/-1')).statusCode).toBe(400);
      // Ids past a 32-bit column are refused by the contract, never a 500 from PostgreSQL.
      expect((await as(alice).del('/homework/99999999999')).statusCode).toBe(400);
      expect((await as(alice).put('/homework/99999999999', makeHomework())).statusCode).toBe(400);
    });

    it('lists homework soonest due first with the 002 §3 fields', async () => {
      const list = (await as(alice).get('/homework')).json() as { due_date: string; due_time: string }[];
      expect(Object.keys(list[0]!).sort()).toEqual([
        'details',
        'due_date',
        'due_time',
        'homework_id',
        'id',
        'status',
        'subject_code',
        'title',
      ]);
      const keys = list.map((h) => h.due_date + h.due_time);
      expect(keys).toEqual([...keys].sort());
    });

    it('exports the homework as an iCalendar feed (graded work left out)', async () => {
      const graded = await as(alice).post(
        '/homework',
        makeHomework({ homework_id: 'HW-GRADED', title: 'Old test', status: 'Graded', subject_code: 'ว21101' }),
      );
      expect(graded.statusCode, graded.body).toBe(201);
      const res = await as(alice).get('/homework.ics');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.body).toContain('BEGIN:VCALENDAR');
      expect(res.body).toContain('SUMMARY:Worksheet');
      expect(res.body).toContain('DTEND:20251024T060000Z'); // 13:00 Bangkok
      expect(res.body).not.toContain('Old test');
    });

    it('leaves out of the feed the control characters RFC 5545 text cannot hold (they went out raw)', async () => {
      const made = await as(alice).post(
        '/homework',
        makeHomework({ homework_id: 'HW-CTRL', title: 'Tab\u000b and escape\u001b[1m', subject_code: 'ว21101' }),
      );
      expect(made.statusCode, made.body).toBe(201);
      const res = await as(alice).get('/homework.ics');
      expect(res.body).toContain('SUMMARY:Tab and escape[1m');
      expect(res.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    });

    it('places each homework at its due instant in both the export and the subscription, read by an iCalendar parser (issue 10 item 14)', async () => {
      await as(alice).post(
        '/homework',
        makeHomework({ homework_id: 'HW-INSTANT', title: 'Due at lunch', due_date: '2025-10-24', due_time: '12:10' }),
      );
      const issued = await as(alice).post('/homework-feed', {});
      const feeds = [await as(alice).get('/homework.ics'), await t.app.inject({ url: new URL(issued.json().url).pathname })];
      await as(alice).del('/homework-feed');
      const due = Date.parse('2025-10-24T12:10:00+07:00');
      for (const feed of feeds) {
        const event = readCalendarFeed(feed.body).find((e) => e.summary.startsWith('Due at lunch'));
        expect(event).toMatchObject({ start: due - 15 * 60_000, end: due, stamp: NOW });
      }
    });
  });

  describe('homework subscription feed (a private, revocable URL)', () => {
    const feedPath = (url: string) => new URL(url).pathname;
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

    it('serves the feed without a session to whoever holds the URL, and stores only a hash', async () => {
      expect((await as(alice).get('/homework-feed')).json()).toEqual({ active: false, createdAt: null });
      const issued = await as(alice).post('/homework-feed', {});
      expect(issued.statusCode).toBe(200);
      const url = issued.json().url as string;
      expect(url).toMatch(/^http:\/\/[^/]+\/timetable\/api\/feed\/[\w-]{32}\.ics$/);
      const token = url.slice(url.lastIndexOf('/') + 1, -4);
      const stored = await t.database.db
        .withTables<{ feed_tokens: { owner_kind: string; token_hash: string } }>()
        .selectFrom('feed_tokens')
        .selectAll()
        .where('owner_kind', '=', 'timetable-homework')
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const feed = await anonymous(feedPath(url));
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      expect(feed.body).toContain('X-WR-CALNAME:Homework 68960001');
      expect(feed.body).toContain('SUMMARY:Worksheet');
      expect((await as(alice).get('/homework-feed')).json()).toEqual({ active: true, createdAt: NOW });
    });

    it('a new URL revokes the old one; turning it off revokes it; probes all get the same 404', async () => {
      const first = feedPath((await as(alice).post('/homework-feed', {})).json().url);
      const second = feedPath((await as(alice).post('/homework-feed', {})).json().url);
      expect((await anonymous(first)).statusCode).toBe(404);
      expect((await anonymous(second)).statusCode).toBe(200);
      expect((await as(alice).del('/homework-feed')).json()).toEqual({ ok: true });
      const revoked = await anonymous(second);
      expect(revoked.statusCode).toBe(404);
      expect(revoked.json()).toEqual({ error: 'No such calendar feed.', code: 'not_found' });
      for (const probe of [
        '/timetable/api/feed/not-a-real-token-at-all-xx.ics',
        '/timetable/api/feed/short.ics',
        '/timetable/api/feed/homework.txt',
      ]) {
        expect((await anonymous(probe)).json(), probe).toEqual({ error: 'No such calendar feed.', code: 'not_found' });
      }
      expect((await as(alice).get('/homework-feed')).json()).toEqual({ active: false, createdAt: null });
    });

    it("each student's URL shows only their own homework, and only they can issue or revoke it", async () => {
      const alices = feedPath((await as(alice).post('/homework-feed', {})).json().url);
      const bobs = feedPath((await as(bob).post('/homework-feed', {})).json().url);
      const bobFeed = await anonymous(bobs);
      expect(bobFeed.body).toContain('X-WR-CALNAME:Homework 68980002');
      const bobsHomework = (await as(bob).get('/homework')).json() as { id: number }[];
      expect(bobFeed.body.match(/BEGIN:VEVENT/g)).toHaveLength(bobsHomework.length);
      for (const h of bobsHomework) expect(bobFeed.body).toContain(`UID:homework-${h.id}@`);
      // Bob turning his own feed off leaves alice's working.
      await as(bob).del('/homework-feed');
      expect((await anonymous(bobs)).statusCode).toBe(404);
      expect((await anonymous(alices)).statusCode).toBe(200);
      for (const [method, url] of [
        ['GET', '/homework-feed'],
        ['POST', '/homework-feed'],
        ['DELETE', '/homework-feed'],
      ] as const) {
        expect((await t.request({ method, url: BASE + url })).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('isolation: one student cannot see or change another’s data', () => {
    it('shows bob only his own schedule, overrides and homework', async () => {
      const schedule = (await as(bob).get(`/schedule?week_start=${THIS_WEEK}`)).json() as { id: number }[];
      expect(schedule).toHaveLength(1);
      expect((await as(bob).get('/overrides/all')).json()).toEqual([]);
      const homework = (await as(bob).get('/homework')).json() as { homework_id: string }[];
      expect(homework.map((h) => h.homework_id)).toEqual(['HW-ABC123']);
      const ics = await as(bob).get('/homework.ics');
      expect(ics.body).not.toContain('SUMMARY:Worksheet 1');
    });

    it("refuses bob's writes to alice's rows with a 404 and leaves them unchanged", async () => {
      const alicesHomework = (await as(alice).get('/homework')).json() as { id: number; title: string }[];
      const target = alicesHomework[0]!;
      expect(
        (await as(bob).put(`/homework/${target.id}`, { ...makeHomework({ subject_code: 'ค21101', status: 'Graded' }) })).statusCode,
      ).toBe(404);
      expect((await as(bob).del(`/homework/${target.id}`)).statusCode).toBe(404);
      const alicesItem = ((await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as { id: number }[])[10]!;
      const overridesBefore = await count('timetable_overrides');
      const res = await as(bob).post('/schedule/override', {
        schedule_item_id: alicesItem.id,
        week_start_date: NEXT_WEEK,
        status: 'Cancelled',
        notes: 'mine now',
      });
      expect(res.statusCode).toBe(404);
      expect(await count('timetable_overrides')).toBe(overridesBefore);
      const after = (await as(alice).get('/homework')).json() as { id: number; title: string }[];
      expect(after).toEqual(alicesHomework);
      // Bob's subjects are his own: alice's science code is not a choice for him.
      expect((await as(bob).post('/homework', makeHomework({ subject_code: 'ว21101' }))).statusCode).toBe(400);
      // Re-importing bob's timetable never touches alice's.
      await as(bob).post('/schedule/import', { csv: timetableCsv([makeTimetableRow({ day_of_week: 2 })]) });
      expect(((await as(alice).get(`/schedule?week_start=${THIS_WEEK}`)).json() as unknown[]).length).toBe(20);
    });
  });

  it('logs out: the session no longer works', async () => {
    const session = await signIn('68960001');
    const out = await t.request({ method: 'POST', url: `${BASE}/logout`, cookie: session.cookie });
    expect(out.json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: `${BASE}/me`, cookie: session.cookie })).statusCode).toBe(401);
  });
});
