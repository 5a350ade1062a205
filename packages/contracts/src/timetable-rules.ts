// The pure rules of the timetable and homework manager (spec 002 §4, §5, §9), shared by the server
// (which enforces them) and the web app (which mirrors them). Nothing here reads the real clock or
// the machine's time zone: every function takes `now` (epoch ms) and the school's settings, so tests
// pin them and the server and the browser agree on "today".

import { readZonedTime } from './zoned-time';

/** A calendar date 'YYYY-MM-DD' (a school day, no time zone attached). */
export type IsoDate = string;

/** The school-wide settings the rules need (002 §9, configurable; the spec's values as defaults). */
export interface TimetableSettings {
  /** 002 §9: term start 13 Oct 2025; Prev Week is disabled at or before it (002 §5). */
  termStart: IsoDate;
  /** IANA zone the school's days and times are in. */
  timeZone: string;
  /** 002 §9: the week starts on Monday. ISO day number: 1 = Monday ... 7 = Sunday. */
  weekStartsOn: number;
}

export const DEFAULT_TIMETABLE_SETTINGS: TimetableSettings = {
  termStart: '2025-10-13',
  timeZone: 'Asia/Bangkok',
  weekStartsOn: 1,
};

/** 002 §2: day headers with their Thai names; index 0 = Monday (ISO day 1). */
export const ENGLISH_DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DEFAULT_THAI_DAY_NAMES = ['วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์', 'วันอาทิตย์'] as const;

export const INVALID_DATE = 'Invalid Date';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

// ---------------------------------------------------------------------------------------------
// Calendar dates (no zone: arithmetic on UTC midnights never meets a DST jump).

/** True for a real calendar date in 'YYYY-MM-DD' form (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** True for a 24-hour 'HH:MM' time. */
export function isHhMm(value: string): boolean {
  return HH_MM.test(value);
}

/** Minutes after midnight of 'HH:MM' (or 'HH:MM:SS'), or NaN. */
export function minutesOf(time: string): number {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 23 && min <= 59 ? h * 60 + min : Number.NaN;
}

function toUtcMidnight(date: IsoDate): number {
  if (!isIsoDate(date)) return Number.NaN;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtcMidnight(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

export function addWeeks(date: IsoDate, weeks: number): IsoDate {
  return addDays(date, weeks * 7);
}

/** ISO day of the week of a calendar date: 1 = Monday ... 7 = Sunday. */
export function isoDayOf(date: IsoDate): number {
  const day = new Date(toUtcMidnight(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The start of the week holding `date` (002 §9: weeks start on Monday by default). */
export function weekStartOfDate(date: IsoDate, weekStartsOn = 1): IsoDate {
  const back = (isoDayOf(date) - weekStartsOn + 7) % 7;
  return addDays(date, -back);
}

/** True when `date` is the first day of a week. */
export function isWeekStart(date: IsoDate, weekStartsOn = 1): boolean {
  return isIsoDate(date) && isoDayOf(date) === weekStartsOn;
}

/** The calendar date of a class held on ISO `dayOfWeek` in the week starting `weekStart`. */
export function classDate(weekStart: IsoDate, dayOfWeek: number, weekStartsOn = 1): IsoDate {
  return addDays(weekStart, (dayOfWeek - weekStartsOn + 7) % 7);
}

/** The ISO days of a week in display order, starting from its first day. */
export function weekDays(weekStartsOn = 1): number[] {
  return Array.from({ length: 7 }, (_, i) => ((weekStartsOn - 1 + i) % 7) + 1);
}

// ---------------------------------------------------------------------------------------------
// Instants in the school's zone.

export interface SchoolMoment {
  date: IsoDate;
  /** ISO day 1-7. */
  dayOfWeek: number;
  /** Minutes after local midnight. */
  minutes: number;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = readZonedTime(instant, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.hour, w.minute) - (instant - (((instant % 60_000) + 60_000) % 60_000));
}

/** What the school's wall clock reads at `now`. */
export function schoolMoment(now: number, timeZone: string): SchoolMoment {
  const w = readZonedTime(now, timeZone);
  const date = `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
  return { date, dayOfWeek: isoDayOf(date), minutes: w.hour * 60 + w.minute };
}

/** The epoch ms of a local date and 'HH:MM' in the school's zone, or NaN when either is invalid. */
export function schoolInstant(date: IsoDate, time: string, timeZone: string): number {
  const minutes = minutesOf(time);
  if (!isIsoDate(date) || Number.isNaN(minutes)) return Number.NaN;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // Two passes settle the offset on either side of a DST change (a skipped hour lands after it).
  const first = asUtc - zoneOffset(asUtc, timeZone);
  return asUtc - zoneOffset(first, timeZone);
}

/** The first day of the current week at the school (002 §2 'Go to Today'). */
export function currentWeekStart(now: number, settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>): IsoDate {
  return weekStartOfDate(schoolMoment(now, settings.timeZone).date, settings.weekStartsOn);
}

// ---------------------------------------------------------------------------------------------
// 002 §2, §5: week navigation and the notes window.

/** 002 §5: Prev Week is disabled at or before the term start. */
export function canGoToPreviousWeek(weekStart: IsoDate, termStart: IsoDate): boolean {
  return weekStart > termStart;
}

/**
 * 002 §5: notes may be edited for the current or the next week. The stated condition is "the week
 * start is at or before the start of next week"; beyond that the pencil is disabled with the tip
 * 'Cannot edit notes more than one week in advance'.
 */
export function canEditNotes(weekStart: IsoDate, now: number, settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>): boolean {
  if (!isIsoDate(weekStart)) return false;
  return weekStart <= addWeeks(currentWeekStart(now, settings), 1);
}

export const NOTES_LOCKED_TIP = 'Cannot edit notes more than one week in advance';

/** "Mon 13 Oct 2025 - Sun 19 Oct 2025": the week range label of 002 §2 Full Week. */
export function weekRangeLabel(weekStart: IsoDate): string {
  if (!isIsoDate(weekStart)) return INVALID_DATE;
  return `${formatSchoolDate(weekStart)} - ${formatSchoolDate(addDays(weekStart, 6))}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '13 Oct 2025'; 002 §8: an invalid date shows 'Invalid Date'. */
export function formatSchoolDate(date: string | null | undefined): string {
  if (!date || !isIsoDate(date)) return INVALID_DATE;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

// ---------------------------------------------------------------------------------------------
// 002 §4 Class status.

export const CLASS_STATUSES = ['Up-Coming', 'In Progress', 'Finished', 'Cancelled'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

export interface ClassSlot {
  day_of_week: number;
  start_time: string;
  end_time: string;
  status: ClassStatus;
}

/**
 * 002 §4: In Progress is also derived for display: a class of the current week that is Up-Coming
 * and whose time lies between its start and end (on its own day, in the school's zone).
 */
export function displayClassStatus(
  item: ClassSlot,
  weekStart: IsoDate,
  now: number,
  settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>,
): ClassStatus {
  if (item.status !== 'Up-Coming') return item.status;
  const moment = schoolMoment(now, settings.timeZone);
  if (weekStart !== weekStartOfDate(moment.date, settings.weekStartsOn)) return item.status;
  if (classDate(weekStart, item.day_of_week, settings.weekStartsOn) !== moment.date) return item.status;
  const start = minutesOf(item.start_time);
  const end = minutesOf(item.end_time);
  return moment.minutes >= start && moment.minutes < end ? 'In Progress' : item.status;
}

/** 002 §4: the class's day lies before today at the school (its status dropdown is disabled). */
export function isPastDay(
  weekStart: IsoDate,
  dayOfWeek: number,
  now: number,
  settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>,
): boolean {
  return classDate(weekStart, dayOfWeek, settings.weekStartsOn) < schoolMoment(now, settings.timeZone).date;
}

/** 002 §2 Today's Upcoming / Today's Past: today's classes, split by whether they have ended. */
export function splitToday<T extends ClassSlot>(
  items: readonly T[],
  now: number,
  settings: Pick<TimetableSettings, 'timeZone'>,
): { upcoming: T[]; past: T[] } {
  const moment = schoolMoment(now, settings.timeZone);
  const today = items.filter((i) => i.day_of_week === moment.dayOfWeek).sort(byStartTime);
  return {
    upcoming: today.filter((i) => minutesOf(i.end_time) > moment.minutes),
    past: today.filter((i) => minutesOf(i.end_time) <= moment.minutes),
  };
}

export function byStartTime(a: { start_time: string }, b: { start_time: string }): number {
  return minutesOf(a.start_time) - minutesOf(b.start_time);
}

// ---------------------------------------------------------------------------------------------
// 002 §4 Homework display status and the homework manager's filters.

export const HOMEWORK_STATUSES = ['Pending', 'Scheduled', 'Group Work', 'Mark As Done', 'Graded'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];
export type HomeworkDisplayStatus = 'Graded' | 'Done' | 'Group Work' | 'Scheduled' | 'Due' | 'Pending';

export interface HomeworkDue {
  homework_id: string;
  due_date: string;
  due_time: string;
  status: HomeworkStatus;
}

/** Epoch ms of the homework's due date and time in the school's zone (NaN when invalid). */
export function homeworkDueAt(item: Pick<HomeworkDue, 'due_date' | 'due_time'>, timeZone: string): number {
  return schoolInstant(item.due_date, item.due_time, timeZone);
}

/**
 * 002 §4: Graded, Done (from Mark As Done), Group Work and Scheduled are shown as they are;
 * otherwise Due if now is past the due date and time, else Pending.
 */
export function homeworkDisplayStatus(item: HomeworkDue, now: number, timeZone: string): HomeworkDisplayStatus {
  switch (item.status) {
    case 'Graded':
    case 'Group Work':
    case 'Scheduled':
      return item.status;
    case 'Mark As Done':
      return 'Done';
    default: {
      const due = homeworkDueAt(item, timeZone);
      return !Number.isNaN(due) && now > due ? 'Due' : 'Pending';
    }
  }
}

/** Finished work (Statistics 'Completed'): marked done or graded. */
export function isHomeworkCompleted(item: Pick<HomeworkDue, 'status'>): boolean {
  return item.status === 'Mark As Done' || item.status === 'Graded';
}

/** 002 §2 Homework manager statistics. */
export function homeworkStatistics(items: readonly Pick<HomeworkDue, 'status'>[]): { total: number; completed: number; leftToDo: number } {
  const completed = items.filter(isHomeworkCompleted).length;
  return { total: items.length, completed, leftToDo: items.length - completed };
}

export const HOMEWORK_FILTERS = ['All Pending', 'Due Today', 'Past Due', 'This Week', 'Graded (Archive)'] as const;
export type HomeworkFilter = (typeof HOMEWORK_FILTERS)[number];

/**
 * 002 §2 filters (the spec names them; Guildhall defines them):
 * - All Pending: everything not yet done or graded;
 * - Due Today: not done or graded, due on today's school date;
 * - Past Due: not done or graded, due date and time already passed;
 * - This Week: due Monday to Sunday of the current week (002 §9), anything but Graded;
 * - Graded (Archive): graded work only.
 */
export function matchesHomeworkFilter(
  item: HomeworkDue,
  filter: HomeworkFilter,
  now: number,
  settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>,
): boolean {
  const open = !isHomeworkCompleted(item);
  switch (filter) {
    case 'All Pending':
      return open;
    case 'Due Today':
      return open && item.due_date === schoolMoment(now, settings.timeZone).date;
    case 'Past Due': {
      const due = homeworkDueAt(item, settings.timeZone);
      return open && !Number.isNaN(due) && now > due;
    }
    case 'This Week': {
      if (item.status === 'Graded' || !isIsoDate(item.due_date)) return false;
      const start = currentWeekStart(now, settings);
      return item.due_date >= start && item.due_date <= addDays(start, 6);
    }
    case 'Graded (Archive)':
      return item.status === 'Graded';
  }
}

/** 002 §3: homework_id has a prefix-suffix form; the part after the (first) dash is the displayed ID. */
export function displayHomeworkId(homeworkId: string): string {
  const dash = homeworkId.indexOf('-');
  return dash >= 0 ? homeworkId.slice(dash + 1) : homeworkId;
}

/** 002 §2 search by homework ID: a case-insensitive match on the displayed ID (or the whole ID). */
export function matchesHomeworkSearch(item: Pick<HomeworkDue, 'homework_id'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return displayHomeworkId(item.homework_id).toLowerCase().includes(q) || item.homework_id.toLowerCase() === q;
}

/** The homework list as the manager shows it: filtered, searched, soonest due first. */
export function selectHomework<T extends HomeworkDue>(
  items: readonly T[],
  filter: HomeworkFilter,
  query: string,
  now: number,
  settings: Pick<TimetableSettings, 'timeZone' | 'weekStartsOn'>,
): T[] {
  return items
    .filter((i) => matchesHomeworkFilter(i, filter, now, settings) && matchesHomeworkSearch(i, query))
    .sort((a, b) => (a.due_date + a.due_time).localeCompare(b.due_date + b.due_time));
}

/**
 * 002 §2: a class shows a '!' marker when it has homework: open work (not done, not graded) of the
 * class's subject due on the class's own date.
 */
export function homeworkForClass<T extends HomeworkDue & { subject_code: string }>(
  items: readonly T[],
  subjectCode: string,
  date: IsoDate,
): T[] {
  return items.filter((h) => h.subject_code === subjectCode && h.due_date === date && !isHomeworkCompleted(h));
}
