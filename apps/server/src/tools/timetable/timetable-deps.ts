import type { TimetableStore } from './timetable-store';
import type { SchoolSettings } from './timetable-settings';

/** What every timetable service needs: the store, the school's settings and the clock. */
export interface TimetableDeps {
  store: TimetableStore;
  settings: SchoolSettings;
  now: () => number;
}
