import type { Generated } from 'kysely';
import type { ClassStatus, Homework, ScheduleItem } from '@guildhall/contracts/timetable';
import type { ToolDb } from '@server/core/db/tool-db';

// The timetable tool's tables (002 §3). Every row belongs to one school account (`owner_id`), so
// each student has a timetable, overrides, notes and homework of their own (nobody reads another's).

/**
 * 002 §3 Schedule item: one class in the student's weekly timetable, the contract's fields (issue 11
 * item 5: declared once, there): day_of_week ISO 1-7 (Monday = 1), times 'HH:MM' in the school's
 * zone; status and notes here are what every week starts from, before a week's override.
 */
export type TimetableScheduleItemsTable = Omit<ScheduleItem, 'id'> & {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
};

/** 002 §3 Schedule override: a class's status and notes for one week. */
export interface TimetableOverridesTable {
  owner_id: number;
  schedule_item_id: number;
  /** 'YYYY-MM-DD', the week's first day. */
  week_start_date: string;
  status: ClassStatus;
  notes: string;
  updated_at: number;
}

/** 002 §3 Homework: the contract's fields (issue 11 item 5: declared once, there) and the owner. */
export type HomeworkValues = Omit<Homework, 'id'>;
export type TimetableHomeworkTable = HomeworkValues & {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
  updated_at: number;
};

// A type alias, not an interface: Kysely's withTables<T> needs T to be an indexable record.
export type TimetableTables = {
  timetable_schedule_items: TimetableScheduleItemsTable;
  timetable_overrides: TimetableOverridesTable;
  timetable_homework: TimetableHomeworkTable;
};

/** The tool's view of the database (decision 0016), built once in makeTimetableDeps. */
export type TimetableDb = ToolDb<TimetableTables>;

/** The columns of a ScheduleItem and a Homework answer (contracts/timetable). */
export const ITEM_COLUMNS = [
  'id',
  'subject_code',
  'subject_name',
  'day_of_week',
  'start_time',
  'end_time',
  'room',
  'status',
  'notes',
] as const;
export const HOMEWORK_COLUMNS = ['id', 'homework_id', 'title', 'details', 'subject_code', 'due_date', 'due_time', 'status'] as const;
