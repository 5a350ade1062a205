import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import { readCalendarFeed } from '@server/test-support/read-calendar-feed';
import type { AppointmentsTables } from './appointments-tables';
import { mondayAfterNextAt as at } from './appointments-test-times';
import { buildAppointmentsStaffTestApp } from './appointments-test-app';

// The staff calendar feed (.ics) tells a subscribed calendar app that a booking changed, as decision
// 0064 made the homework feed do (RFC 5545 §3.8.7.4 SEQUENCE, §3.8.7.2 DTSTAMP, §3.8.7.3
// LAST-MODIFIED). Read with a real iCalendar parser, through the real routes, on both dialects.

const MINUTE = 60_000;
const pim = makeLineUser({ displayName: 'Pim' });

describe.each(DIALECTS)('the staff calendar feed on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect)));
  afterAll(() => t?.close());

  const book = async (datetime: string, topic: string | null, rescheduleId: number | null = null) => {
    const res = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(pim),
      payload: { userId: pim.userId, datetime, topic, reschedule_id: rescheduleId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().appointment.id as number;
  };
  const eventOf = async (id: number) => {
    const feed = await t.request({ url: '/bureau/worker/staff/calendar.ics', cookie: staff });
    const event = readCalendarFeed(feed.body).find((e) => e.uid.startsWith(`appointment-${id}@`));
    if (!event) throw new Error(`no event for booking ${id}`);
    return event;
  };

  it('raises SEQUENCE and moves DTSTAMP and LAST-MODIFIED when the person moves a booking, and not when it is only read again', async () => {
    const bookedAt = t.clock.now();
    const id = await book(at('10:00'), 'Visa');
    const first = await eventOf(id);
    expect(first).toMatchObject({ sequence: 0, start: Date.parse(at('10:00')), lastModified: Math.floor(bookedAt / 1000) * 1000 });
    t.clock.advance(5 * MINUTE);
    expect(await eventOf(id)).toEqual(first);

    // Moved to 11:00: the same event (its UID), a new revision. SEQUENCE stayed 0, so an app holding the
    // 10:00 copy could keep it: a staff member would wait for someone who is coming an hour later.
    await book(at('11:00'), null, id);
    const movedAt = Math.floor(t.clock.now() / 1000) * 1000;
    const moved = await eventOf(id);
    expect(moved).toMatchObject({ uid: first.uid, start: Date.parse(at('11:00')), sequence: 1, stamp: movedAt, lastModified: movedAt });

    // A new topic at the same time is a change of the event too (its SUMMARY).
    t.clock.advance(5 * MINUTE);
    await book(at('11:00'), 'Visa renewal', id);
    const retitled = await eventOf(id);
    expect(retitled.summary).toContain('Visa renewal');
    expect(retitled.sequence).toBe(2);
  });

  // Decision 0073: the person's LINE name is in SUMMARY; a rename changed it under the same SEQUENCE.
  it('raises SEQUENCE and moves LAST-MODIFIED when the LINE user is renamed, and not when the same name is sent again', async () => {
    const may = makeLineUser({ displayName: 'May' });
    const register = (displayName: string) =>
      t.request({
        method: 'POST',
        url: '/bureau/worker/register-user',
        token: t.signInLine({ ...may, displayName }),
        payload: { userId: may.userId, displayName },
      });
    expect((await register('May')).statusCode).toBe(200);
    const booked = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(may),
      payload: { userId: may.userId, datetime: at('13:00'), topic: 'Visa', reschedule_id: null },
    });
    const id = booked.json().appointment.id as number;
    const first = await eventOf(id);
    expect(first).toMatchObject({ summary: 'Appointment: May (Visa)', sequence: 0 });

    t.clock.advance(5 * MINUTE);
    expect((await register('May')).statusCode).toBe(200);
    expect(await eventOf(id)).toEqual(first);

    t.clock.advance(5 * MINUTE);
    const renamedAt = Math.floor(t.clock.now() / 1000) * 1000;
    expect((await register('May Suda')).statusCode).toBe(200);
    expect(await eventOf(id)).toMatchObject({
      uid: first.uid,
      summary: 'Appointment: May Suda (Visa)',
      sequence: 1,
      stamp: renamedAt,
      lastModified: renamedAt,
    });

    // A move after the rename still goes up from there, never back: SEQUENCE only grows.
    t.clock.advance(5 * MINUTE);
    const moved = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine({ ...may, displayName: 'May Suda' }),
      payload: { userId: may.userId, datetime: at('14:00'), topic: null, reschedule_id: id },
    });
    expect(moved.statusCode).toBe(200);
    const movedAt = Math.floor(t.clock.now() / 1000) * 1000;
    expect(await eventOf(id)).toMatchObject({ sequence: 2, lastModified: movedAt });
  });
});

// Decision 0073: the feed stopped at 5,000 events, the oldest first, without a word. A cap of 3 here
// stands in for the configured one.
describe.each(DIALECTS)('decision 0073: a capped staff feed keeps the bookings nearest to now and says so, on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect, { APPOINTMENT_FEED_MAX_EVENTS: '3' })));
  afterAll(() => t?.close());
  const DAY = 24 * 60 * MINUTE;
  const feed = async () => (await t.request({ url: '/bureau/worker/staff/calendar.ics', cookie: staff })).body;
  const description = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-caldesc');

  it('keeps the nearest events on either side of now, and names the cap in the calendar description', async () => {
    const db = toolDb<AppointmentsTables>(t.ctx.database);
    // Whole seconds, as the feed writes times; far from the offsets below.
    const now = Math.floor(t.clock.now() / 1000) * 1000;
    const add = (startsAt: number) => db.insertInto('appointments').values(makeAppointment(pim.userId, startsAt)).execute();
    for (const offset of [-20 * DAY, -2 * DAY, -30 * MINUTE]) await add(now + offset);
    // Three: all of them, and no word of a cap.
    const all = await feed();
    expect(readCalendarFeed(all).map((e) => e.start)).toEqual([now - 20 * DAY, now - 2 * DAY, now - 30 * MINUTE]);
    expect(description(all)).toBeNull();

    for (const offset of [DAY, 40 * DAY]) await add(now + offset);
    const capped = await feed();
    // The 20-days-ago and 40-days-ahead bookings are the farthest; the nearest three stay, by start.
    expect(readCalendarFeed(capped).map((e) => e.start)).toEqual([now - 2 * DAY, now - 30 * MINUTE, now + DAY]);
    const fromDate = new Date(now - 2 * DAY).toISOString().slice(0, 10);
    const toDate = new Date(now + DAY).toISOString().slice(0, 10);
    expect(description(capped)).toBe(
      `Only the 3 bookings nearest to now are in this feed, from ${fromDate} to ${toDate} (UTC). The staff calendar in Guildhall shows every booking.`,
    );
  });
});
