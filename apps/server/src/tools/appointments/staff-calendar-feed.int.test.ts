import { makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { readCalendarFeed } from '@server/test-support/read-calendar-feed';
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
});
