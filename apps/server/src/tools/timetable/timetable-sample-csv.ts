import { TIMETABLE_CSV_COLUMNS } from './parse-timetable-csv';

/**
 * A small weekly timetable in the import's format (issue 16 item 5: an empty timetable explains the
 * import and offers this file). Thai and English names, day numbers and day names, as the import
 * takes both; a test imports it, so it always parses.
 */
export const TIMETABLE_SAMPLE_CSV = [
  TIMETABLE_CSV_COLUMNS.join(','),
  'MA101,Mathematics,Monday,08:30,09:20,Room 301',
  'EN101,English,1,09:30,10:20,Room 204',
  'TH101,ภาษาไทย,Tuesday,08:30,09:20,ห้อง 105',
  'SC101,Science,Wednesday,10:30,11:20,Lab 2',
  'PE101,Physical Education,Friday,13:00,13:50,Gym',
  '',
].join('\r\n');
