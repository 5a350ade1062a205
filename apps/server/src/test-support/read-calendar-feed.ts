import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';

export interface CalendarFeedEvent {
  uid: string;
  summary: string;
  /** Instants in epoch ms, as a calendar app places them. */
  start: number;
  end: number;
  stamp: number;
  /** SEQUENCE (0 when absent, as RFC 5545 §3.8.7.4 reads it) and LAST-MODIFIED (null when absent). */
  sequence: number;
  lastModified: number | null;
}

/**
 * Reads an iCalendar feed with a real parser (ical.js) and turns every event's times into instants
 * the way calendar apps do (issue 10 item 14): a UTC time is that instant; a floating time (no `Z`,
 * no TZID) is wall-clock time in the calendar's X-WR-TIMEZONE, which is how a feed that wrote UTC
 * digits without their `Z` came out seven hours off in Bangkok. DTSTAMP and LAST-MODIFIED must be
 * UTC (RFC 5545 §3.8.7.2, §3.8.7.3). Comparing these instants, not the text, is what the feed tests assert.
 */
export function readCalendarFeed(text: string): CalendarFeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const wallClockZone = calendar.getFirstPropertyValue('x-wr-timezone');
  const instant = (time: ICAL.Time, what: string): number => {
    if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().getTime();
    if (time.zone === ICAL.Timezone.localTimezone && typeof wallClockZone === 'string' && (what === 'DTSTART' || what === 'DTEND')) {
      return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, wallClockZone).getTime();
    }
    throw new Error(`${what} ${time.toString()} has no definite instant in this feed`);
  };
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    return {
      uid: event.uid,
      summary: event.summary,
      start: instant(event.startDate, 'DTSTART'),
      end: instant(event.endDate, 'DTEND'),
      stamp: instant(component.getFirstPropertyValue('dtstamp') as ICAL.Time, 'DTSTAMP'),
      sequence: event.sequence ?? 0,
      lastModified: lastModified ? instant(lastModified, 'LAST-MODIFIED') : null,
    };
  });
}
