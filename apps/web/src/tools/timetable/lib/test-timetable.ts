import type { Homework } from '@guildhall/contracts/timetable';
import { DEFAULT_THAI_DAY_NAMES } from '@guildhall/contracts/timetable-rules';
import type { SchoolConfig } from './settings';

/**
 * The school's settings as GET /timetable/api/config answers them, for the components' tests: the
 * term from Monday 13 Oct 2025, Bangkok time, weeks from Monday, the Thai day names, the server's
 * clock the test's own.
 */
export const TEST_SCHOOL_CONFIG: SchoolConfig = {
  termStart: '2025-10-13',
  timeZone: 'Asia/Bangkok',
  weekStartsOn: 1,
  dayNames: [...DEFAULT_THAI_DAY_NAMES],
  serverNow: Date.now(),
};

/** A homework item as GET /timetable/api/homework answers it (002 §3): pending English, due at 10:00 on 1 Dec 2099. */
export function testHomework(id: number, overrides: Partial<Homework> = {}): Homework {
  return {
    id,
    homework_id: `HW-${id}`,
    title: 'Essay',
    details: '',
    subject_code: 'ENG',
    due_date: '2099-12-01',
    due_time: '10:00',
    status: 'Pending',
    ...overrides,
  };
}
