/** The wall-clock reading of an instant in a time zone. */
export interface ZonedTime {
  y: number;
  /** 1-12 */
  m: number;
  d: number;
  /** 0 = Sunday, as Date#getDay */
  weekday: number;
  hour: number;
  minute: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();
/** The last reading: a booking reads its slot's day, then formats the same instant for its message. */
let last: { ms: number; timeZone: string; time: Readonly<ZonedTime> } | null = null;

/**
 * Reads an instant's date and time in `timeZone` from one cached Intl.DateTimeFormat per zone. Intl,
 * not a Date subclass: exact across DST changes, and it keeps working when a test replaces the global
 * Date (Playwright's page.clock does). Every booking reads its slot's day and formats its time, and a
 * TZDate (plus date-fns format) cost 30-60 us each time where formatToParts costs ~12 us (issue 15
 * bench, booking CPU); the school's clock (timetable-rules) reads it too.
 */
export function readZonedTime(ms: number, timeZone: string): Readonly<ZonedTime> {
  if (last && last.ms === ms && last.timeZone === timeZone) return last.time;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const time: ZonedTime = { y: 0, m: 0, d: 0, weekday: 0, hour: 0, minute: 0 };
  for (const part of format.formatToParts(ms)) {
    if (part.type === 'year') time.y = Number(part.value);
    else if (part.type === 'month') time.m = Number(part.value);
    else if (part.type === 'day') time.d = Number(part.value);
    else if (part.type === 'weekday') time.weekday = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') time.hour = Number(part.value);
    else if (part.type === 'minute') time.minute = Number(part.value);
  }
  last = { ms, timeZone, time };
  return time;
}
