import type * as IcalGenerator from 'ical-generator';
import { lazyRequire } from '@server/core/lazy/lazy-require';
import type { AppointmentsDeps } from './appointments-deps';
import { calendarText } from '@server/core/text/calendar-text';

// Issue 17 item 6: loaded by the first calendar feed, not at start-up.
const loadIcal = lazyRequire<typeof IcalGenerator>('ical-generator');

const PAST_DAYS = 30;

/**
 * The staff calendar (.ics): booked appointments from 30 days ago on, one event each, with a stable UID
 * so calendar apps update a moved booking instead of duplicating it. No end at the booking horizon: one
 * shortened after they were booked leaves the bookings in place (decision 0032), so they stay in the feed.
 *
 * A moved booking says so, as the homework feed does (decision 0064, RFC 5545 §3.8.7.4): SEQUENCE is
 * the row's `reschedule_count`, which every move (a new time or a new topic, the event's DTSTART and
 * SUMMARY) raises by one; it was always 0, so an app holding the old copy could keep the old time.
 * DTSTAMP (no METHOD: the last revision, §3.8.7.2) and LAST-MODIFIED (§3.8.7.3) are `updated_at`.
 */
export async function renderCalendarFeed(deps: Pick<AppointmentsDeps, 'db' | 'now' | 'publicUrl'>): Promise<string> {
  const now = deps.now();
  const rows = await deps.db
    .selectFrom('appointments')
    .leftJoin('appointment_line_users', 'appointment_line_users.line_user_id', 'appointments.line_user_id')
    .selectAll('appointments')
    .select('appointment_line_users.display_name')
    .where('appointments.status', '=', 'booked')
    .where('appointments.held_until', 'is', null) // waitlist holds are not bookings (issue 15 item 6)
    .where('appointments.starts_at', '>=', now - PAST_DAYS * 86_400_000)
    .orderBy('appointments.starts_at')
    .limit(5000)
    .execute();
  const host = new URL(deps.publicUrl).host;
  // Issue 10 item 14: no calendar `timezone`. Given one without a VTIMEZONE generator, ical-generator
  // writes UTC digits with neither `Z` nor TZID (floating time), which apps read as Bangkok wall-clock
  // time, 7 hours early. Plain UTC instants (`...Z`) are exact in every app and need no zone data.
  const calendar = loadIcal().default({ name: 'Bureau appointments', prodId: { company: 'Guildhall', product: 'appointments' } });
  for (const row of rows) {
    const who = row.display_name ?? row.line_user_id;
    calendar.createEvent({
      id: `appointment-${row.id}@${host}`,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      sequence: row.reschedule_count,
      stamp: new Date(row.updated_at),
      lastModified: new Date(row.updated_at),
      summary: calendarText(row.topic ? `Appointment: ${who} (${row.topic})` : `Appointment: ${who}`),
      description: calendarText(`LINE user: ${who} (${row.line_user_id})${row.topic ? `\nTopic: ${row.topic}` : ''}`),
      status: loadIcal().ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
