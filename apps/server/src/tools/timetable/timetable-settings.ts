import { DEFAULT_THAI_DAY_NAMES, type TimetableSettings } from '@guildhall/contracts/timetable-rules';
import type { Config } from '@server/config';

export interface SchoolSettings extends TimetableSettings {
  /** Local names of Monday ... Sunday. */
  dayNames: string[];
}

/** 002 §9 constants from configuration (TIMETABLE_TERM_START, SCHOOL_TIME_ZONE, TIMETABLE_WEEK_START, TIMETABLE_DAY_NAMES). */
export function timetableSettings(config: Config): SchoolSettings {
  return {
    termStart: config.TIMETABLE_TERM_START,
    timeZone: config.SCHOOL_TIME_ZONE,
    weekStartsOn: config.TIMETABLE_WEEK_START,
    dayNames: config.TIMETABLE_DAY_NAMES ?? [...DEFAULT_THAI_DAY_NAMES],
  };
}
