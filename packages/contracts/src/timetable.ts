import { z } from 'zod';
import { MAX_ID, type ErrorCatalogue } from './core';
import { CLASS_STATUSES, HOMEWORK_STATUSES, isHhMm, isIsoDate } from './timetable-rules';

// Contracts of the timetable and homework manager (spec 002, tool `timetable`, API base
// /timetable/api). Every method, path, payload field and answer field of 002 §7's schedule API table
// is kept; the server-side rules 002 leaves "not shown" are Guildhall's and say so.

export { CLASS_STATUSES, HOMEWORK_STATUSES } from './timetable-rules';

/** Limits Guildhall chooses (002 §9: "Size limits ... not shown"). */
export const TIMETABLE_LIMITS = {
  title: 200,
  details: 5000,
  notes: 2000,
  subjectCode: 32,
  subjectName: 200,
  room: 64,
  homeworkId: 64,
  csvBytes: 256 * 1024,
  csvRows: 500,
} as const;

export const ClassStatus = z.enum(CLASS_STATUSES);
export type ClassStatus = z.infer<typeof ClassStatus>;
export const HomeworkStatus = z.enum(HOMEWORK_STATUSES);
export type HomeworkStatus = z.infer<typeof HomeworkStatus>;

export const IsoDate = z.string().trim().refine(isIsoDate, 'must be a date in the form YYYY-MM-DD');
export const HhMm = z.string().trim().refine(isHhMm, 'must be a time in the form HH:MM (24-hour)');
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number, message: string) => text(max).min(1, message);

/** A numeric id in a path (`/homework/{id}`); one past a 32-bit column is a 400, not a database error. */
export const TimetableIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a numeric id')
    .transform(Number)
    .refine((n) => n <= MAX_ID, 'must be a numeric id'),
});

// ---------------------------------------------------------------------------------------------
// GET /schedule?week_start={date} -> items

/** The week start must be a real date; the server also checks it is a week's first day. */
export const ScheduleQuery = z.object({ week_start: IsoDate });
export type ScheduleQuery = z.infer<typeof ScheduleQuery>;

/** 002 §3 Schedule item, with the week's override (status, notes) already applied. */
export const ScheduleItem = z.object({
  id: z.number().int(),
  subject_code: z.string(),
  subject_name: z.string(),
  day_of_week: z.number().int().min(1).max(7),
  start_time: z.string(),
  end_time: z.string(),
  room: z.string(),
  status: ClassStatus,
  notes: z.string(),
});
export type ScheduleItem = z.infer<typeof ScheduleItem>;
export const ScheduleAnswer = z.array(ScheduleItem);
export type ScheduleAnswer = z.infer<typeof ScheduleAnswer>;

// ---------------------------------------------------------------------------------------------
// POST /schedule/override

/**
 * Decision 0057: the class's status and notes as the page showed them, compared as stored (not
 * trimmed). A save from a tab that no longer shows them is refused (409) instead of putting back
 * what that tab saw: a status changed in a stale tab sent the notes it still showed and wiped the
 * note written in another tab. Optional, beside 002 §7's fields: without it a save works as before.
 */
export const OverrideExpected = z
  .object({ status: ClassStatus, notes: z.string().max(TIMETABLE_LIMITS.notes, `must be at most ${TIMETABLE_LIMITS.notes} characters`) })
  .strict();

/** 002 §3 Schedule override: schedule_item_id, week_start_date, status, notes (and decision 0057's `expected`). */
export const OverrideRequest = z
  .object({
    schedule_item_id: z.number().int().positive().max(MAX_ID, 'must be a class id'),
    week_start_date: IsoDate,
    status: ClassStatus,
    notes: text(TIMETABLE_LIMITS.notes)
      .nullish()
      .transform((v) => v ?? ''),
    expected: OverrideExpected.optional(),
  })
  .strict();
export type OverrideRequest = z.input<typeof OverrideRequest>;

/** 002 §7: "not shown"; Guildhall answers the saved override. */
export const OverrideAnswer = z.object({
  schedule_item_id: z.number().int(),
  week_start_date: z.string(),
  status: ClassStatus,
  notes: z.string(),
});
export type OverrideAnswer = z.infer<typeof OverrideAnswer>;

// ---------------------------------------------------------------------------------------------
// GET /overrides/all

/** 002 §3 Override summary entry. */
export const OverrideSummaryEntry = z.object({
  subject_name: z.string(),
  subject_code: z.string(),
  week_start_date: z.string(),
  day_of_week: z.number().int(),
  status: ClassStatus,
  notes: z.string(),
});
export type OverrideSummaryEntry = z.infer<typeof OverrideSummaryEntry>;
export const OverrideSummaryAnswer = z.array(OverrideSummaryEntry);

// ---------------------------------------------------------------------------------------------
// Homework: GET/POST /homework, PUT/DELETE /homework/{id}

/** 002 §3: homework_id has a prefix-suffix form, e.g. 'HW-7K2P9Q'. */
export const HomeworkIdText = z
  .string()
  .trim()
  .max(TIMETABLE_LIMITS.homeworkId)
  .regex(/^[A-Za-z0-9]+-[A-Za-z0-9]+$/, 'must look like PREFIX-SUFFIX (letters and digits, one dash)');

const homeworkFields = {
  // 002 §5: title, subject, due date and due time are required.
  title: requiredText(TIMETABLE_LIMITS.title, 'Title is required.'),
  details: text(TIMETABLE_LIMITS.details)
    .nullish()
    .transform((v) => v ?? ''),
  subject_code: requiredText(TIMETABLE_LIMITS.subjectCode, 'Subject is required.'),
  due_date: IsoDate,
  due_time: HhMm,
};

/** POST /homework. 002 §4: a new item starts as Pending; homework_id is generated when omitted. */
export const HomeworkCreateRequest = z
  .object({
    ...homeworkFields,
    status: HomeworkStatus.default('Pending'),
    homework_id: HomeworkIdText.nullish().transform((v) => v || null),
  })
  .strict();
export type HomeworkCreateRequest = z.input<typeof HomeworkCreateRequest>;

const storedText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * Decision 0057: the item as the edit form opened it, compared as stored (not trimmed). An edit from
 * a tab that no longer shows the item as it is (marked done, edited elsewhere) is refused (409)
 * instead of putting the old fields back. Optional, beside 002 §7's body: without it an edit works as before.
 */
export const HomeworkExpected = z
  .object({
    homework_id: storedText(TIMETABLE_LIMITS.homeworkId),
    title: storedText(TIMETABLE_LIMITS.title),
    details: storedText(TIMETABLE_LIMITS.details),
    subject_code: storedText(TIMETABLE_LIMITS.subjectCode),
    due_date: storedText(10),
    due_time: storedText(5),
    status: HomeworkStatus,
  })
  .strict();
export type HomeworkExpected = z.infer<typeof HomeworkExpected>;

/** PUT /homework/{id}: the same body; 002 §5: status is required when editing (and decision 0057's `expected`). */
export const HomeworkUpdateRequest = z
  .object({
    ...homeworkFields,
    status: HomeworkStatus,
    homework_id: HomeworkIdText.nullish().transform((v) => v || null),
    expected: HomeworkExpected.optional(),
  })
  .strict();
export type HomeworkUpdateRequest = z.input<typeof HomeworkUpdateRequest>;

/** 002 §3 Homework. */
export const Homework = z.object({
  id: z.number().int(),
  homework_id: z.string(),
  title: z.string(),
  details: z.string(),
  subject_code: z.string(),
  due_date: z.string(),
  due_time: z.string(),
  status: HomeworkStatus,
});
export type Homework = z.infer<typeof Homework>;
export const HomeworkListAnswer = z.array(Homework);

// ---------------------------------------------------------------------------------------------
// Guildhall's own calls (002: server "not shown").

/** GET /timetable/api/config: the school's settings (002 §9 defaults, configurable). */
export const TimetableConfigAnswer = z.object({
  termStart: z.string(),
  timeZone: z.string(),
  weekStartsOn: z.number().int().min(1).max(7),
  /** Local (Thai by default) names of Monday ... Sunday. */
  dayNames: z.array(z.string()).length(7),
  /** The server's clock (epoch ms), so a page can tell how far its own clock is off. */
  serverNow: z.number(),
});
export type TimetableConfigAnswer = z.infer<typeof TimetableConfigAnswer>;

/** GET /timetable/api/me: who is signed in (401 when nobody). */
export const TimetableMeAnswer = z.object({
  userId: z.number().int(),
  studentId: z.string(),
  email: z.string().nullable(),
  role: z.string(),
});
export type TimetableMeAnswer = z.infer<typeof TimetableMeAnswer>;

const CSV_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A time as a school's spreadsheet exports it, as the 'HH:MM' the timetable keeps (002 §3 start_time,
 * end_time), or null. A spreadsheet writes 9:00 for 09:00 and, saved as CSV, often 09:00:00: both
 * are read as 09:00; seconds other than :00 are not a timetable time (audit of the import, defect 3).
 */
function normaliseCsvTime(value: string): string | null {
  const m = CSV_TIME.exec(value.trim());
  if (!m || (m[3] !== undefined && m[3] !== '00')) return null;
  const time = `${m[1]!.padStart(2, '0')}:${m[2]}`;
  return isHhMm(time) ? time : null;
}

/** A CSV time cell, stored as 'HH:MM' whichever accepted form it came in (so slots compare equal). */
const CsvTime = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const time = normaliseCsvTime(value);
    if (time !== null) return time;
    const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
    // 09:00:30: a real time, but not on a whole minute; say so rather than call it no time at all.
    const m = CSV_TIME.exec(value);
    const offMinute = m?.[3] !== undefined && normaliseCsvTime(`${m[1]}:${m[2]}`) !== null;
    ctx.addIssue({
      code: 'custom',
      message:
        value === ''
          ? 'is required (a 24-hour time such as 09:00)'
          : offMinute
            ? `must be a whole minute such as 09:00 or 09:00:00, not "${shown}"`
            : `must be a 24-hour time such as 09:00 or 9:00, not "${shown}"`,
    });
    return z.NEVER;
  });

/** A CSV row of a weekly timetable (POST /schedule/import, and `cli import-timetable`). */
export const TimetableCsvRow = z.object({
  subject_code: requiredText(TIMETABLE_LIMITS.subjectCode, 'subject_code is required'),
  subject_name: requiredText(TIMETABLE_LIMITS.subjectName, 'subject_name is required'),
  day_of_week: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const n = parseDayOfWeek(v);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: 'must be 1-7 or a day name (Monday ... Sunday)' });
        return z.NEVER;
      }
      return n;
    }),
  start_time: CsvTime,
  end_time: CsvTime,
  room: text(TIMETABLE_LIMITS.room).default(''),
});
export type TimetableCsvRow = z.infer<typeof TimetableCsvRow>;

const DAY_WORDS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** '1'..'7' (ISO, Monday = 1), or an English day name or its first three letters. */
export function parseDayOfWeek(value: string): number | null {
  const v = value.trim().toLowerCase();
  if (/^[1-7]$/.test(v)) return Number(v);
  const index = DAY_WORDS.findIndex((d) => d === v || (v.length === 3 && d.startsWith(v)));
  return index >= 0 ? index + 1 : null;
}

/** Bytes of `text` in UTF-8 (what a file's size counts), in the browser as on the server. */
function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

export const ImportTimetableRequest = z
  .object({
    csv: z
      .string()
      .min(1, 'The CSV file is empty.')
      // The limit is bytes, as the page checks the file's size: a length counts UTF-16 units, and a
      // Thai letter is 1 of those but 3 bytes, so a Thai file up to three times the limit passed (audit, defect 4).
      // A string is never fewer bytes than UTF-16 units, so a long one is refused without encoding it.
      .refine(
        (csv) => csv.length <= TIMETABLE_LIMITS.csvBytes && utf8ByteLength(csv) <= TIMETABLE_LIMITS.csvBytes,
        'The CSV file is too large.',
      ),
  })
  .strict();
export type ImportTimetableRequest = z.infer<typeof ImportTimetableRequest>;

export const ImportTimetableAnswer = z.object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int() });
export type ImportTimetableAnswer = z.infer<typeof ImportTimetableAnswer>;

/**
 * POST /timetable/api/homework-feed: a private iCalendar subscription URL for the student's homework.
 * Calendar apps cannot send a session, so the URL carries a secret; issuing a new one revokes the old.
 */
export const HomeworkFeedAnswer = z.object({ url: z.string() });
export type HomeworkFeedAnswer = z.infer<typeof HomeworkFeedAnswer>;

/** GET /timetable/api/homework-feed: whether a subscription URL is live (the URL itself is never kept). */
export const HomeworkFeedStatusAnswer = z.object({ active: z.boolean(), createdAt: z.number().nullable() });
export type HomeworkFeedStatusAnswer = z.infer<typeof HomeworkFeedStatusAnswer>;

// ---------------------------------------------------------------------------------------------
// Issue 16 item 5 (decision 0034): homework that keeps up.

/** POST /timetable/api/homework/mark-overdue-done: every Due item (002 §4 display status) becomes Mark As Done. */
export const MarkOverdueDoneAnswer = z.object({ marked: z.number().int(), homework: HomeworkListAnswer });
export type MarkOverdueDoneAnswer = z.infer<typeof MarkOverdueDoneAnswer>;

/** The most weeks one repeating homework may be made for (a term is about 20 weeks). */
export const MAX_REPEAT_WEEKS = 20;

/**
 * POST /timetable/api/homework/repeat: the same homework once a week, due at the start of one class
 * of the student's timetable, for `weeks` weeks from the first such class on or after `starting`.
 */
export const RepeatHomeworkRequest = z
  .object({
    schedule_item_id: z.number().int().positive().max(MAX_ID, 'must be a class id'),
    title: requiredText(TIMETABLE_LIMITS.title, 'Title is required.'),
    details: text(TIMETABLE_LIMITS.details)
      .nullish()
      .transform((v) => v ?? ''),
    weeks: z
      .number()
      .int('must be a whole number of weeks')
      .min(1, 'must be at least 1 week')
      .max(MAX_REPEAT_WEEKS, `must be at most ${MAX_REPEAT_WEEKS} weeks`),
    starting: IsoDate.optional(),
  })
  .strict();
export type RepeatHomeworkRequest = z.input<typeof RepeatHomeworkRequest>;

/** Timetable's own error codes (002 §7; decision 0017). */
export const TIMETABLE_ERRORS = {
  'timetable.homework_id_taken': { status: 409, sentence: 'You already have homework with this ID.' },
} as const satisfies ErrorCatalogue;
export type TimetableErrorCode = keyof typeof TIMETABLE_ERRORS;

/**
 * Issue 16 item 1: a refusal whose sentence says more than its code's default names which sentence it
 * is in `details.reason` (beside the data it carries), so a client can word it in its reader's language.
 */
export const TIMETABLE_REFUSAL_REASONS = [
  'homework_missing',
  'homework_changed',
  'class_missing',
  'class_changed',
  'subject_not_in_timetable',
  'before_term',
  'notes_locked',
  'past_class_status',
  'not_week_start',
  'csv_unreadable',
  'csv_empty',
  'csv_too_long',
  'csv_header',
  'csv_field_count',
  'csv_line',
  'csv_end_before_start',
  'csv_same_start',
  'csv_overlap',
] as const;
export type TimetableRefusalReason = (typeof TIMETABLE_REFUSAL_REASONS)[number];
