// Demo data and factories of the timetable tool (002 §3): a weekly Thai secondary-school timetable,
// homework placed around a given school date, and a CSV writer for the import tests. The demo seed
// and the tests use the same builders, so they never drift apart.

import type { TimetableCsvRow } from '@guildhall/contracts/timetable';

const SUBJECTS = {
  thai: ['ท21101', 'Thai Language'],
  math: ['ค21101', 'Mathematics'],
  science: ['ว21101', 'Science'],
  english: ['อ21101', 'English'],
  social: ['ส21101', 'Social Studies'],
  pe: ['พ21101', 'Health and Physical Education'],
  arts: ['ศ21101', 'Arts'],
  tech: ['ง21101', 'Career and Technology'],
} as const;

type SubjectKey = keyof typeof SUBJECTS;

// Four periods a day, lunch after the second (the usual Thai school day).
const PERIODS: [string, string][] = [
  ['08:30', '09:20'],
  ['09:20', '10:10'],
  ['11:00', '11:50'],
  ['13:00', '13:50'],
];
const WEEK: SubjectKey[][] = [
  ['math', 'thai', 'science', 'english'],
  ['english', 'social', 'math', 'pe'],
  ['science', 'math', 'arts', 'thai'],
  ['thai', 'english', 'tech', 'social'],
  ['math', 'science', 'english', 'arts'],
];

/** The demo weekly timetable: Monday to Friday, four classes a day. */
export function demoTimetableRows(): TimetableCsvRow[] {
  return WEEK.flatMap((day, d) =>
    day.map((key, p) => {
      const [code, name] = SUBJECTS[key];
      const [start, end] = PERIODS[p]!;
      return makeTimetableRow({
        subject_code: code,
        subject_name: name,
        day_of_week: d + 1,
        start_time: start,
        end_time: end,
        room: `${d + 1}0${p + 1}`,
      });
    }),
  );
}

/** A one-class timetable row for tests. */
export function makeTimetableRow(overrides: Partial<TimetableCsvRow> = {}): TimetableCsvRow {
  return {
    subject_code: 'ค21101',
    subject_name: 'Mathematics',
    day_of_week: 1,
    start_time: '08:30',
    end_time: '09:20',
    room: '101',
    ...overrides,
  };
}

/** The rows as a CSV file with the import's header. */
export function timetableCsv(rows: readonly TimetableCsvRow[]): string {
  const quote = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const header = 'subject_code,subject_name,day_of_week,start_time,end_time,room';
  return (
    [
      header,
      ...rows.map((r) => [r.subject_code, r.subject_name, r.day_of_week, r.start_time, r.end_time, r.room].map(quote).join(',')),
    ].join('\n') + '\n'
  );
}

export interface HomeworkInput {
  homework_id?: string;
  title: string;
  details: string;
  subject_code: string;
  due_date: string;
  due_time: string;
  status: 'Pending' | 'Scheduled' | 'Group Work' | 'Mark As Done' | 'Graded';
}

let sequence = 0;

export function makeHomework(overrides: Partial<HomeworkInput> = {}): HomeworkInput {
  sequence++;
  return {
    title: `Worksheet ${sequence}`,
    details: `Exercises 1-${sequence + 4}`,
    subject_code: 'ค21101',
    due_date: '2025-10-20',
    due_time: '08:30',
    status: 'Pending',
    ...overrides,
  };
}

function shift(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Demo homework around `today` (a school date 'YYYY-MM-DD'): one of every display status of 002 §4. */
export function demoHomework(today: string): HomeworkInput[] {
  return [
    makeHomework({
      homework_id: 'HW-1001',
      title: 'Algebra worksheet',
      details: 'Exercises 2.1 to 2.4, show working.',
      subject_code: 'ค21101',
      due_date: shift(today, -2),
      due_time: '08:30',
      status: 'Pending',
    }),
    makeHomework({
      homework_id: 'HW-1002',
      title: 'Book report: ความสุขของกะทิ',
      details: 'One page, handwritten.',
      subject_code: 'ท21101',
      due_date: today,
      due_time: '23:00',
      status: 'Pending',
    }),
    makeHomework({
      homework_id: 'HW-1003',
      title: 'Plant cell model',
      details: 'Group of four; bring materials on Friday.',
      subject_code: 'ว21101',
      due_date: shift(today, 3),
      due_time: '13:00',
      status: 'Group Work',
    }),
    makeHomework({
      homework_id: 'HW-1004',
      title: 'Vocabulary quiz',
      details: 'Units 3 and 4.',
      subject_code: 'อ21101',
      due_date: shift(today, 5),
      due_time: '09:20',
      status: 'Scheduled',
    }),
    makeHomework({
      homework_id: 'HW-1005',
      title: 'Map of Southeast Asia',
      details: '',
      subject_code: 'ส21101',
      due_date: shift(today, -5),
      due_time: '11:00',
      status: 'Mark As Done',
    }),
    makeHomework({
      homework_id: 'HW-1006',
      title: 'Fractions test corrections',
      details: 'Returned with marks.',
      subject_code: 'ค21101',
      due_date: shift(today, -9),
      due_time: '08:30',
      status: 'Graded',
    }),
    makeHomework({
      homework_id: 'HW-1007',
      title: 'Essay draft',
      details: 'My school in 200 words.',
      subject_code: 'อ21101',
      due_date: shift(today, 9),
      due_time: '09:20',
      status: 'Pending',
    }),
  ];
}
