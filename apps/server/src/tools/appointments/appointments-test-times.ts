import { TZDate } from '@date-fns/tz';

/** The booking time zone the appointments tests run in (APPOINTMENT_TIME_ZONE's default). */
export const TEST_TZ = 'Asia/Bangkok';

/**
 * The Monday after next (+ `plusDays`) in Bangkok at hh:mm, as ISO: far enough ahead for any minimum
 * notice, inside any horizon, and on a working day of the default plan, whatever day the tests run.
 */
export function mondayAfterNextAt(hhmm: string, plusDays = 0): string {
  const today = new TZDate(Date.now(), TEST_TZ);
  const toMonday = ((8 - today.getDay()) % 7 || 7) + 7 + plusDays;
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + toMonday, h, m, 0, 0, TEST_TZ).getTime(),
  ).toISOString();
}

/** The Bangkok calendar date (YYYY-MM-DD) of an ISO instant. */
export const bangkokDateOf = (iso: string) => new TZDate(Date.parse(iso), TEST_TZ).toISOString().slice(0, 10);
