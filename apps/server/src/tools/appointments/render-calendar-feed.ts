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
 * A changed event says so, as the homework feed does (decision 0064, RFC 5545 §3.8.7.4): SEQUENCE is
 * the row's `reschedule_count`, which every move (a new time or a new topic, the event's DTSTART and
 * SUMMARY) raises by one, plus the LINE user's `name_changes` (decision 0073: the name is in SUMMARY
 * and DESCRIPTION, and a rename left SEQUENCE where it was). Both only grow, so their sum does.
 * DTSTAMP (no METHOD: the last revision, §3.8.7.2) and LAST-MODIFIED (§3.8.7.3) are the later of the
 * row's `updated_at` and the user's `name_changed_at`.
 *
 * Decision 0073: at most APPOINTMENT_FEED_MAX_EVENTS events, the ones nearest to now (it kept the
 * oldest, so a busy desk's feed lost the coming weeks first); a capped feed says so in its description.
 */
export async function renderCalendarFeed(deps: Pick<AppointmentsDeps, 'db' | 'now' | 'publicUrl' | 'limits'>): Promise<string> {
  const now = deps.now();
  const limit = deps.limits.feedEvents;
  const booked = () =>
    deps.db
      .selectFrom('appointments')
      .leftJoin('appointment_line_users', 'appointment_line_users.line_user_id', 'appointments.line_user_id')
      .selectAll('appointments')
      .select(['appointment_line_users.display_name', 'appointment_line_users.name_changes', 'appointment_line_users.name_changed_at'])
      .where('appointments.status', '=', 'booked')
      .where('appointments.held_until', 'is', null) // waitlist holds are not bookings (issue 15 item 6)
      .limit(limit + 1);
  // Each side by its index on start, nearest first; then the nearest of both, up to the limit.
  const ahead = await booked().where('appointments.starts_at', '>=', now).orderBy('appointments.starts_at').execute();
  const past = await booked()
    .where('appointments.starts_at', '>=', now - PAST_DAYS * 86_400_000)
    .where('appointments.starts_at', '<', now)
    .orderBy('appointments.starts_at', 'desc')
    .execute();
  const rows: typeof ahead = [];
  let [a, p] = [0, 0];
  while (rows.length < limit && (a < ahead.length || p < past.length)) {
    const next = ahead[a];
    const last = past[p];
    if (next && (!last || next.starts_at - now <= now - last.starts_at)) rows.push(ahead[a++]!);
    else rows.push(past[p++]!);
  }
  const truncated = ahead.length + past.length > rows.length;
  rows.sort((x, y) => x.starts_at - y.starts_at);

  const host = new URL(deps.publicUrl).host;
  // Issue 10 item 14: no calendar `timezone`. Given one without a VTIMEZONE generator, ical-generator
  // writes UTC digits with neither `Z` nor TZID (floating time), which apps read as Bangkok wall-clock
  // time, 7 hours early. Plain UTC instants (`...Z`) are exact in every app and need no zone data.
  const calendar = loadIcal().default({ name: 'Bureau appointments', prodId: { company: 'Guildhall', product: 'appointments' } });
  if (truncated && rows.length > 0)
    calendar.description(
      `Only the ${rows.length.toLocaleString('en-GB')} bookings nearest to now are in this feed, ` +
        `from ${new Date(rows[0]!.starts_at).toISOString().slice(0, 10)} to ${new Date(rows.at(-1)!.starts_at).toISOString().slice(0, 10)} (UTC). ` +
        'The staff calendar in Guildhall shows every booking.',
    );
  for (const row of rows) {
    const who = row.display_name ?? row.line_user_id;
    const changed = new Date(Math.max(row.updated_at, row.name_changed_at ?? 0));
    calendar.createEvent({
      id: `appointment-${row.id}@${host}`,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      sequence: row.reschedule_count + (row.name_changes ?? 0),
      stamp: changed,
      lastModified: changed,
      summary: calendarText(row.topic ? `Appointment: ${who} (${row.topic})` : `Appointment: ${who}`),
      description: calendarText(`LINE user: ${who} (${row.line_user_id})${row.topic ? `\nTopic: ${row.topic}` : ''}`),
      status: loadIcal().ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
