import type { TimetableConfigAnswer } from '@guildhall/contracts/timetable';
import { ENGLISH_DAY_NAMES } from '@guildhall/contracts/timetable-rules';

export type SchoolConfig = TimetableConfigAnswer;

/** 'Monday (วันจันทร์)': a day header with its local name (002 §2). */
export function dayHeading(config: SchoolConfig, isoDay: number): { english: string; local: string } {
  return { english: ENGLISH_DAY_NAMES[isoDay - 1] ?? '', local: config.dayNames[isoDay - 1] ?? '' };
}
