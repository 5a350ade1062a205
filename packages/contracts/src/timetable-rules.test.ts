import { describe, expect, it } from 'vitest';
import {
  type HomeworkDue,
  addWeeks,
  canEditNotes,
  canGoToPreviousWeek,
  classDate,
  currentWeekStart,
  displayClassStatus,
  displayHomeworkId,
  formatSchoolDate,
  homeworkForClass,
  homeworkDisplayStatus,
  homeworkStatistics,
  isIsoDate,
  isPastDay,
  isWeekStart,
  matchesHomeworkFilter,
  matchesHomeworkSearch,
  schoolInstant,
  schoolMoment,
  selectHomework,
  splitToday,
  weekDays,
  weekRangeLabel,
  weekStartOfDate,
} from './timetable-rules';

// Fixed clocks only: every "now" below is an explicit instant, in the school's zone unless a test
// is about zones. Bangkok is UTC+7 all year (no DST).
const BKK = { timeZone: 'Asia/Bangkok', weekStartsOn: 1 };
const bkk = (local: string) => Date.parse(`${local}+07:00`);

describe('calendar dates and weeks (002 §9: the week starts on Monday)', () => {
  it('finds the Monday of any day, including the Sunday that ends the week', () => {
    expect(weekStartOfDate('2025-10-13')).toBe('2025-10-13'); // Monday
    expect(weekStartOfDate('2025-10-19')).toBe('2025-10-13'); // Sunday
    expect(weekStartOfDate('2025-10-20')).toBe('2025-10-20');
    expect(weekStartOfDate('2026-01-01')).toBe('2025-12-29'); // across a year
  });

  it('honours a configured week start (Sunday = 7)', () => {
    expect(weekStartOfDate('2025-10-19', 7)).toBe('2025-10-19');
    expect(weekStartOfDate('2025-10-18', 7)).toBe('2025-10-12');
    expect(classDate('2025-10-12', 1, 7)).toBe('2025-10-13');
    expect(classDate('2025-10-12', 7, 7)).toBe('2025-10-12');
    expect(weekDays(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(weekDays(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('validates dates strictly and recognises week starts', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isWeekStart('2025-10-13')).toBe(true);
    expect(isWeekStart('2025-10-14')).toBe(false);
    expect(classDate('2025-10-13', 5)).toBe('2025-10-17');
    expect(addWeeks('2025-12-29', 1)).toBe('2026-01-05');
  });

  it("reads today in the school's zone, not UTC", () => {
    // Sunday 19 Oct 2025 17:30 UTC is already Monday 00:30 in Bangkok.
    const now = Date.parse('2025-10-19T17:30:00Z');
    expect(schoolMoment(now, 'Asia/Bangkok')).toEqual({ date: '2025-10-20', dayOfWeek: 1, minutes: 30 });
    expect(currentWeekStart(now, BKK)).toBe('2025-10-20');
    expect(currentWeekStart(now, { timeZone: 'UTC', weekStartsOn: 1 })).toBe('2025-10-13');
  });

  it('turns a local date and time into an instant across a DST change', () => {
    expect(schoolInstant('2025-10-20', '08:30', 'Asia/Bangkok')).toBe(Date.parse('2025-10-20T01:30:00Z'));
    expect(schoolInstant('2025-11-01', '09:00', 'America/New_York')).toBe(Date.parse('2025-11-01T13:00:00Z')); // EDT
    expect(schoolInstant('2025-11-03', '09:00', 'America/New_York')).toBe(Date.parse('2025-11-03T14:00:00Z')); // EST
    expect(schoolInstant('2025-13-01', '09:00', 'Asia/Bangkok')).toBeNaN();
    expect(schoolInstant('2025-10-20', '24:00', 'Asia/Bangkok')).toBeNaN();
  });

  it("labels the week range and shows 'Invalid Date' for an invalid date (002 §8)", () => {
    expect(weekRangeLabel('2025-10-13')).toBe('13 Oct 2025 - 19 Oct 2025');
    expect(formatSchoolDate('2025-02-30')).toBe('Invalid Date');
    expect(formatSchoolDate('')).toBe('Invalid Date');
    expect(formatSchoolDate(null)).toBe('Invalid Date');
    expect(weekRangeLabel('nope')).toBe('Invalid Date');
  });
});

describe('002 §5 week navigation and the notes window', () => {
  it('disables Prev Week at or before the term start', () => {
    expect(canGoToPreviousWeek('2025-10-13', '2025-10-13')).toBe(false);
    expect(canGoToPreviousWeek('2025-10-06', '2025-10-13')).toBe(false);
    expect(canGoToPreviousWeek('2025-10-20', '2025-10-13')).toBe(true);
    // A term starting mid-week: its own week is the first one.
    expect(canGoToPreviousWeek('2025-10-13', '2025-10-15')).toBe(false);
  });

  it('lets notes change for the current and next week only (past weeks meet the stated condition)', () => {
    const now = bkk('2025-10-22T10:00:00'); // Wednesday of the week of 20 Oct
    expect(canEditNotes('2025-10-20', now, BKK)).toBe(true);
    expect(canEditNotes('2025-10-27', now, BKK)).toBe(true);
    expect(canEditNotes('2025-11-03', now, BKK)).toBe(false);
    expect(canEditNotes('2025-10-13', now, BKK)).toBe(true);
    expect(canEditNotes('bad', now, BKK)).toBe(false);
  });

  it('moves the window at midnight on Monday in the school zone', () => {
    const sundayNight = bkk('2025-10-26T23:59:00');
    const mondayMorning = bkk('2025-10-27T00:00:00');
    expect(canEditNotes('2025-11-03', sundayNight, BKK)).toBe(false);
    expect(canEditNotes('2025-11-03', mondayMorning, BKK)).toBe(true);
    // The same instant in UTC is still Sunday evening: the window has not moved there.
    expect(canEditNotes('2025-11-03', mondayMorning, { timeZone: 'UTC', weekStartsOn: 1 })).toBe(false);
  });
});

describe('002 §4 class status', () => {
  const maths = { day_of_week: 3, start_time: '09:20', end_time: '10:10', status: 'Up-Coming' as const };
  const week = '2025-10-20';

  it('derives In Progress for an Up-Coming class of the current week during its time', () => {
    expect(displayClassStatus(maths, week, bkk('2025-10-22T09:20:00'), BKK)).toBe('In Progress');
    expect(displayClassStatus(maths, week, bkk('2025-10-22T10:09:59'), BKK)).toBe('In Progress');
  });

  it('keeps the stored status before the start, at the end, on another day or in another week', () => {
    expect(displayClassStatus(maths, week, bkk('2025-10-22T09:19:00'), BKK)).toBe('Up-Coming');
    expect(displayClassStatus(maths, week, bkk('2025-10-22T10:10:00'), BKK)).toBe('Up-Coming');
    expect(displayClassStatus(maths, week, bkk('2025-10-21T09:30:00'), BKK)).toBe('Up-Coming');
    expect(displayClassStatus(maths, '2025-10-27', bkk('2025-10-22T09:30:00'), BKK)).toBe('Up-Coming');
  });

  it('never derives over an explicit status', () => {
    for (const status of ['Finished', 'Cancelled', 'In Progress'] as const) {
      expect(displayClassStatus({ ...maths, status }, week, bkk('2025-10-22T09:30:00'), BKK)).toBe(status);
    }
  });

  it("uses the school's zone: 02:30 UTC is 09:30 in Bangkok", () => {
    const now = Date.parse('2025-10-22T02:30:00Z');
    expect(displayClassStatus(maths, week, now, BKK)).toBe('In Progress');
    expect(displayClassStatus(maths, week, now, { timeZone: 'UTC', weekStartsOn: 1 })).toBe('Up-Coming');
  });

  it('knows past days (the dropdown is disabled for them)', () => {
    const now = bkk('2025-10-22T08:00:00');
    expect(isPastDay(week, 2, now, BKK)).toBe(true);
    expect(isPastDay(week, 3, now, BKK)).toBe(false);
    expect(isPastDay(week, 4, now, BKK)).toBe(false);
    expect(isPastDay('2025-10-13', 5, now, BKK)).toBe(true);
    expect(isPastDay('2025-10-27', 1, now, BKK)).toBe(false);
  });

  it("splits today's classes into upcoming (including in progress) and past", () => {
    const items = [
      { ...maths, start_time: '13:00', end_time: '13:50' },
      maths,
      { ...maths, start_time: '08:30', end_time: '09:20' },
      { ...maths, day_of_week: 4 },
    ];
    const { upcoming, past } = splitToday(items, bkk('2025-10-22T09:30:00'), BKK);
    expect(upcoming.map((i) => i.start_time)).toEqual(['09:20', '13:00']);
    expect(past.map((i) => i.start_time)).toEqual(['08:30']);
  });
});

describe('002 §4 homework display status', () => {
  const base: HomeworkDue = { homework_id: 'HW-7K2P9Q', due_date: '2025-10-22', due_time: '08:30', status: 'Pending' };

  it('shows Graded, Done, Group Work and Scheduled as they are, even when overdue', () => {
    const late = bkk('2025-11-30T00:00:00');
    expect(homeworkDisplayStatus({ ...base, status: 'Graded' }, late, 'Asia/Bangkok')).toBe('Graded');
    expect(homeworkDisplayStatus({ ...base, status: 'Mark As Done' }, late, 'Asia/Bangkok')).toBe('Done');
    expect(homeworkDisplayStatus({ ...base, status: 'Group Work' }, late, 'Asia/Bangkok')).toBe('Group Work');
    expect(homeworkDisplayStatus({ ...base, status: 'Scheduled' }, late, 'Asia/Bangkok')).toBe('Scheduled');
  });

  it('shows Due only once now is past the due date and time', () => {
    expect(homeworkDisplayStatus(base, bkk('2025-10-22T08:30:00'), 'Asia/Bangkok')).toBe('Pending');
    expect(homeworkDisplayStatus(base, bkk('2025-10-22T08:30:01'), 'Asia/Bangkok')).toBe('Due');
  });

  it('reads the due time in the school zone', () => {
    const now = Date.parse('2025-10-22T01:00:00Z'); // 08:00 in Bangkok, 15:00 at UTC+14
    expect(homeworkDisplayStatus(base, now, 'Asia/Bangkok')).toBe('Pending');
    expect(homeworkDisplayStatus(base, now, 'Pacific/Kiritimati')).toBe('Due'); // UTC+14: 15:00 local
  });

  it('keeps an item with an invalid due date Pending', () => {
    expect(homeworkDisplayStatus({ ...base, due_date: 'x' }, bkk('2030-01-01T00:00:00'), 'Asia/Bangkok')).toBe('Pending');
  });
});

describe('homework filters, search and statistics (002 §2)', () => {
  const now = bkk('2025-10-22T12:00:00'); // Wednesday; this week is 20-26 Oct
  const items: HomeworkDue[] = [
    { homework_id: 'HW-A1', due_date: '2025-10-21', due_time: '08:30', status: 'Pending' }, // past due
    { homework_id: 'HW-A2', due_date: '2025-10-22', due_time: '11:00', status: 'Group Work' }, // today, passed
    { homework_id: 'HW-A3', due_date: '2025-10-22', due_time: '23:00', status: 'Pending' }, // today, ahead
    { homework_id: 'HW-B4', due_date: '2025-10-26', due_time: '23:59', status: 'Scheduled' }, // Sunday, this week
    { homework_id: 'HW-B5', due_date: '2025-10-27', due_time: '00:00', status: 'Pending' }, // next Monday
    { homework_id: 'HW-B6', due_date: '2025-10-20', due_time: '08:00', status: 'Mark As Done' },
    { homework_id: 'HW-C7', due_date: '2025-10-23', due_time: '08:00', status: 'Graded' },
  ];
  const ids = (filter: Parameters<typeof matchesHomeworkFilter>[1]) =>
    items.filter((i) => matchesHomeworkFilter(i, filter, now, BKK)).map((i) => i.homework_id);

  it('All Pending: everything not done or graded', () => {
    expect(ids('All Pending')).toEqual(['HW-A1', 'HW-A2', 'HW-A3', 'HW-B4', 'HW-B5']);
  });
  it("Due Today: open work due on today's school date", () => {
    expect(ids('Due Today')).toEqual(['HW-A2', 'HW-A3']);
  });
  it('Past Due: open work whose due date and time have passed', () => {
    expect(ids('Past Due')).toEqual(['HW-A1', 'HW-A2']);
  });
  it('This Week: Monday to Sunday (002 §9), graded work excluded', () => {
    expect(ids('This Week')).toEqual(['HW-A1', 'HW-A2', 'HW-A3', 'HW-B4', 'HW-B6']);
  });
  it('Graded (Archive): graded only', () => {
    expect(ids('Graded (Archive)')).toEqual(['HW-C7']);
  });

  it('This Week follows the school zone at the Sunday/Monday edge', () => {
    const mondayInBangkok = Date.parse('2025-10-26T17:30:00Z'); // Mon 27 Oct 00:30 in Bangkok, Sun in UTC
    const next = items[4]!;
    expect(matchesHomeworkFilter(next, 'This Week', mondayInBangkok, BKK)).toBe(true);
    expect(matchesHomeworkFilter(next, 'This Week', mondayInBangkok, { timeZone: 'UTC', weekStartsOn: 1 })).toBe(false);
  });

  it('searches the displayed ID (after the dash), case-insensitively', () => {
    expect(displayHomeworkId('HW-7K2P9Q')).toBe('7K2P9Q');
    expect(displayHomeworkId('NODASH')).toBe('NODASH');
    expect(matchesHomeworkSearch({ homework_id: 'HW-7K2P9Q' }, '7k2')).toBe(true);
    expect(matchesHomeworkSearch({ homework_id: 'HW-7K2P9Q' }, 'hw')).toBe(false);
    expect(matchesHomeworkSearch({ homework_id: 'HW-7K2P9Q' }, 'hw-7k2p9q')).toBe(true);
    expect(matchesHomeworkSearch({ homework_id: 'HW-7K2P9Q' }, '  ')).toBe(true);
  });

  it('selects, searches and sorts soonest first', () => {
    expect(selectHomework(items, 'All Pending', 'a', now, BKK).map((i) => i.homework_id)).toEqual(['HW-A1', 'HW-A2', 'HW-A3']);
    expect(selectHomework([...items].reverse(), 'This Week', '', now, BKK).map((i) => i.homework_id)).toEqual([
      'HW-B6',
      'HW-A1',
      'HW-A2',
      'HW-A3',
      'HW-B4',
    ]);
  });

  it('counts Total Assignments, Completed and Left to Do', () => {
    expect(homeworkStatistics(items)).toEqual({ total: 7, completed: 2, leftToDo: 5 });
    expect(homeworkStatistics([])).toEqual({ total: 0, completed: 0, leftToDo: 0 });
  });
});

describe("002 §2 the '!' marker", () => {
  it('marks a class with open homework of its subject due on its date', () => {
    const items = [
      { homework_id: 'HW-1', subject_code: 'MATH', due_date: '2025-10-22', due_time: '09:00', status: 'Pending' as const },
      { homework_id: 'HW-2', subject_code: 'MATH', due_date: '2025-10-22', due_time: '09:00', status: 'Graded' as const },
      { homework_id: 'HW-3', subject_code: 'MATH', due_date: '2025-10-23', due_time: '09:00', status: 'Pending' as const },
      { homework_id: 'HW-4', subject_code: 'THAI', due_date: '2025-10-22', due_time: '09:00', status: 'Group Work' as const },
    ];
    expect(homeworkForClass(items, 'MATH', '2025-10-22').map((h) => h.homework_id)).toEqual(['HW-1']);
    expect(homeworkForClass(items, 'THAI', '2025-10-22').map((h) => h.homework_id)).toEqual(['HW-4']);
    expect(homeworkForClass(items, 'ENG', '2025-10-22')).toEqual([]);
  });
});
