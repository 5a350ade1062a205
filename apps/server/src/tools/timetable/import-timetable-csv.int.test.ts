import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIMETABLE_LIMITS } from '@guildhall/contracts/timetable';
import { makeTimetableRow, timetableCsv } from '@guildhall/testkit/timetable-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TimetableTables } from './timetable-tables';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';

// The CSV timetable import as a school's spreadsheet export meets it (audit of the timetable import):
// a row with a field too few or too many is refused in our words (defect 1), 9:00 and 09:00:00 are
// read as 09:00 (defect 3), and the 256 KB limit counts bytes, as the page does (defect 4).

const BASE = '/timetable/api';
const NOW = Date.parse('2025-10-22T09:30:00+07:00');
const THIS_WEEK = '2025-10-20';
const HEADER = 'subject_code,subject_name,day_of_week,start_time,end_time,room';

describe.each(DIALECTS)('timetable CSV import on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;

  const post = (csv: string) => t.request({ method: 'POST', url: `${BASE}/schedule/import`, cookie, payload: { csv } });
  const schedule = async () =>
    (await t.request({ method: 'GET', url: `${BASE}/schedule?week_start=${THIS_WEEK}`, cookie })).json() as Array<{
      id: number;
      day_of_week: number;
      start_time: string;
      end_time: string;
    }>;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, discord: false, roblox: false, clock: createTestClock(NOW), env: { ENABLED_TOOLS: 'timetable' } });
    await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960001' }));
    ({ cookie } = await t.signInSchool('68960001'));
  });
  afterAll(() => t.close());
  // Each test starts from an empty timetable (an empty import is refused, so clear it directly).
  beforeEach(async () => {
    const db = t.database.db.withTables<TimetableTables>();
    await db.deleteFrom('timetable_overrides').execute();
    await db.deleteFrom('timetable_schedule_items').execute();
  });

  it('refuses a row with too few or too many fields in a sentence naming the line and the columns, writing nothing', async () => {
    const short = `${HEADER}\nMA,Maths,1,08:30,09:20,101\nSC,Science,1,09:20,10:10\n`;
    const res = await post(short);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_input',
      error: 'Line 3 has 5 fields, but the header has 6 columns: every row needs one field for each column (an empty field is fine).',
      details: { reason: 'csv_field_count', line: 3, expected: 6, got: 5 },
    });
    expect(res.json().error).not.toMatch(/Invalid Record Length/);

    // A stray comma on line 2 (a name with a comma, not quoted).
    const long = `${HEADER}\nMA,Maths, Pure,1,08:30,09:20,101\n`;
    expect((await post(long)).json()).toMatchObject({
      error: 'Line 2 has 7 fields, but the header has 6 columns: every row needs one field for each column (an empty field is fine).',
      details: { reason: 'csv_field_count', line: 2, expected: 6, got: 7 },
    });
    // Without the optional room column, five fields are a whole row and four are one short.
    const noRoom = 'subject_code,subject_name,day_of_week,start_time,end_time\nMA,Maths,1,08:30,09:20\nSC,Science,1,09:20\n';
    expect((await post(noRoom)).json()).toMatchObject({ details: { reason: 'csv_field_count', line: 3, expected: 5, got: 4 } });
    expect(await schedule()).toEqual([]);
  });

  it('reads 9:00 and 09:00:00 as 09:00, and keeps the times as HH:MM', async () => {
    const csv = timetableCsv([
      makeTimetableRow({ day_of_week: 1, start_time: '8:30', end_time: '9:20' }),
      makeTimetableRow({ day_of_week: 1, start_time: '09:20:00', end_time: '10:10:00', subject_name: 'Science' }),
      makeTimetableRow({ day_of_week: 2, start_time: ' 9:00 ', end_time: '09:50:00', subject_name: 'Art' }),
    ]);
    const res = await post(csv);
    expect(res.json()).toEqual({ added: 3, updated: 0, removed: 0 });
    const items = await schedule();
    expect(items.map((i) => [i.day_of_week, i.start_time, i.end_time])).toEqual([
      [1, '08:30', '09:20'],
      [1, '09:20', '10:10'],
      [2, '09:00', '09:50'],
    ]);
    const stored = await t.database.db
      .withTables<TimetableTables>()
      .selectFrom('timetable_schedule_items')
      .select(['start_time', 'end_time'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { start_time: '08:30', end_time: '09:20' },
      { start_time: '09:20', end_time: '10:10' },
      { start_time: '09:00', end_time: '09:50' },
    ]);
    // The same slot written the other way is the same class: its id (and so its notes) is kept.
    const again = await post(timetableCsv([makeTimetableRow({ day_of_week: 1, start_time: '08:30:00', end_time: '09:20' })]));
    expect(again.json()).toEqual({ added: 0, updated: 1, removed: 2 });
    expect((await schedule()).map((i) => i.id)).toEqual([items[0]!.id]);
  });

  it('sees 9:00 and 09:00 as the same start on one day', async () => {
    const csv = timetableCsv([
      makeTimetableRow({ start_time: '09:00', end_time: '09:50' }),
      makeTimetableRow({ start_time: '9:00', end_time: '9:50', subject_name: 'Again' }),
    ]);
    expect((await post(csv)).json()).toMatchObject({ details: { reason: 'csv_same_start', line: 3, earlier: 2, time: '09:00' } });
  });

  it('refuses any other time in a sentence naming the line, the column and what it found', async () => {
    const refused: Array<[string, string]> = [
      ['09:00:30', 'Line 2: start_time: must be a whole minute such as 09:00 or 09:00:00, not "09:00:30"'],
      ['9.00', 'Line 2: start_time: must be a 24-hour time such as 09:00 or 9:00, not "9.00"'],
      ['24:00', 'Line 2: start_time: must be a 24-hour time such as 09:00 or 9:00, not "24:00"'],
      ['9:0', 'Line 2: start_time: must be a 24-hour time such as 09:00 or 9:00, not "9:0"'],
      ['9:00 AM', 'Line 2: start_time: must be a 24-hour time such as 09:00 or 9:00, not "9:00 AM"'],
      ['', 'Line 2: start_time: is required (a 24-hour time such as 09:00)'],
    ];
    for (const [time, error] of refused) {
      const res = await post(`${HEADER}\nMA,Maths,1,${time},10:00,101\n`);
      expect(res.statusCode, time).toBe(400);
      expect(res.json(), time).toEqual({ code: 'invalid_input', error, details: { reason: 'csv_line', line: 2 } });
    }
    expect(await schedule()).toEqual([]);
  });

  it('counts the 256 KB limit in bytes: a Thai file over it is refused, one at it is imported', async () => {
    // Thai letters are 3 bytes each in UTF-8 and one UTF-16 unit each, so this file is about a third
    // of the limit in characters and over it in bytes.
    const rows = Array.from({ length: 5 }, (_, d) =>
      makeTimetableRow({ day_of_week: d + 1, subject_name: 'คณิตศาสตร์'.repeat(20).slice(0, TIMETABLE_LIMITS.subjectName) }),
    );
    const body = timetableCsv(rows);
    // Blank lines are skipped by the import, so they fill the file to an exact size.
    const fill = (bytes: number) => body + '\n'.repeat(bytes - Buffer.byteLength(body));
    // The most classes a file may have, each named in 200 Thai letters, in 15-minute slots.
    const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const thaiName = 'ภาษาไทย'.repeat(30).slice(0, TIMETABLE_LIMITS.subjectName);
    const over = timetableCsv(
      Array.from({ length: TIMETABLE_LIMITS.csvRows }, (_, i) =>
        makeTimetableRow({
          subject_name: thaiName,
          day_of_week: Math.floor(i / 96) + 1,
          start_time: hhmm((i % 96) * 15),
          end_time: hhmm((i % 96) * 15 + 14),
        }),
      ),
    );
    expect(over.length).toBeLessThan(TIMETABLE_LIMITS.csvBytes);
    expect(Buffer.byteLength(over)).toBeGreaterThan(TIMETABLE_LIMITS.csvBytes);
    const tooBig = await post(over);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ code: 'invalid_input', error: 'The CSV file is too large.' });

    const atLimit = fill(TIMETABLE_LIMITS.csvBytes);
    expect(Buffer.byteLength(atLimit)).toBe(TIMETABLE_LIMITS.csvBytes);
    expect((await post(atLimit)).json()).toEqual({ added: 5, updated: 0, removed: 0 });
    const oneMore = await post(`${atLimit}\n`);
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json()).toEqual({ code: 'invalid_input', error: 'The CSV file is too large.' });
    expect(await schedule()).toHaveLength(5);
  });

  it('names the line a problem is on in the file, after blank lines and a quoted name over two lines', async () => {
    const csv = `${HEADER}\n\nMA,Maths,1,08:30,09:20,101\n\nSC,"Science\nLab",1,09:20,10:10,Lab\nEN,English,1,10:10,10:00,102\n`;
    const res = await post(csv);
    expect(res.statusCode).toBe(400);
    // Line 7 of the file (the header, a blank line, Maths, a blank line, Science over lines 5-6).
    expect(res.json()).toEqual({
      code: 'invalid_input',
      error: 'Line 7: end_time must be after start_time.',
      details: { reason: 'csv_end_before_start', line: 7 },
    });
    expect(await schedule()).toHaveLength(0);
  });
});
