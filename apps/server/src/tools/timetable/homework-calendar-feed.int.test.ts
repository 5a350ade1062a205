import { makeHomework } from '@guildhall/testkit/timetable-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { type CalendarFeedEvent, readCalendarFeed } from '@server/test-support/read-calendar-feed';
import { buildTwoStudentTimetableApp } from './timetable-test-app';

// Decision 0064: the homework feed tells a subscribed calendar app that an item changed (RFC 5545
// SEQUENCE, DTSTAMP, LAST-MODIFIED), and its UIDs are the items', never another's. Read with a real
// iCalendar parser, through the real routes, on both dialects.

const BASE = '/timetable/api';
// Monday 20 Oct 2025, 10:00 in Bangkok.
const NOW = Date.parse('2025-10-20T10:00:00+07:00');
const HOUR = 3_600_000;

describe.each(DIALECTS)('the homework calendar feed on %s', (dialect) => {
  let t: TestApp;
  let alice = '';
  let bob = '';

  beforeAll(async () => {
    ({ t, alice, bob } = await buildTwoStudentTimetableApp(dialect, NOW));
  });
  afterAll(() => t.close());

  const send = async (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.request({ method, url: BASE + url, cookie, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const feed = async (cookie = alice) => readCalendarFeed((await send(cookie, 'GET', '/homework.ics')).body);
  const eventTitled = async (title: string, cookie = alice): Promise<CalendarFeedEvent> => {
    const event = (await feed(cookie)).find((e) => e.summary.startsWith(`${title} (`));
    if (!event) throw new Error(`no event for ${title}`);
    return event;
  };

  it('raises SEQUENCE and moves DTSTAMP and LAST-MODIFIED when an item is edited or marked done, and not when it is only read again', async () => {
    const fields = makeHomework({ title: 'Essay', subject_code: 'EN101', due_date: '2025-10-22', due_time: '10:30' });
    const made = (await send(alice, 'POST', '/homework', fields)).json() as { id: number };
    const first = await eventTitled('Essay');
    expect(first).toMatchObject({ sequence: 0, stamp: NOW, lastModified: NOW });
    // Read an hour later, unchanged: the same event (the old feed stamped every read with the time of the read).
    t.clock.advance(HOUR);
    expect(await eventTitled('Essay')).toEqual(first);

    // Title and due date changed 65 minutes after it was made: an app holding the old copy is told (SEQUENCE was always 0).
    t.clock.advance(5 * 60_000);
    await send(alice, 'PUT', `/homework/${made.id}`, { ...fields, title: 'Essay, second draft', due_date: '2025-10-23' });
    const edited = await eventTitled('Essay, second draft');
    const editedAt = NOW + HOUR + 5 * 60_000;
    expect(edited).toMatchObject({ uid: first.uid, sequence: 65 * 60, stamp: editedAt, lastModified: editedAt });
    expect(edited.start).toBeGreaterThan(first.start);

    t.clock.advance(60_000);
    await send(alice, 'POST', `/homework/${made.id}/done`);
    const done = await eventTitled('Essay, second draft');
    expect(done).toMatchObject({ uid: first.uid, stamp: editedAt + 60_000 });
    expect(done.sequence).toBeGreaterThan(edited.sequence);
  });

  it("keeps an item's UID through a change of its homework ID, and gives an item deleted and made again with the same ID a UID of its own", async () => {
    const fields = makeHomework({
      homework_id: 'HW-LAB',
      title: 'Lab report',
      subject_code: 'MA101',
      due_date: '2025-10-27',
      due_time: '08:30',
    });
    const made = (await send(alice, 'POST', '/homework', fields)).json() as { id: number };
    const first = await eventTitled('Lab report');
    // Unique across calendars: the instance's host and an id no other item of any student has.
    expect(first.uid).toMatch(/^homework-\d+@[^@\s]+$/);

    await send(alice, 'PUT', `/homework/${made.id}`, { ...fields, homework_id: 'HW-LAB2' });
    expect((await eventTitled('Lab report')).uid).toBe(first.uid);

    // Bob's item with the same homework ID is another event.
    await send(bob, 'POST', '/homework', { ...fields, homework_id: 'HW-LAB2' });
    expect((await eventTitled('Lab report', bob)).uid).not.toBe(first.uid);

    // Deleted and made again with the same homework ID: a new event, not the old one's UID at SEQUENCE 0
    // (an app holding the old copy at a higher SEQUENCE would keep it).
    t.clock.advance(HOUR);
    await send(alice, 'DELETE', `/homework/${made.id}`);
    await send(alice, 'POST', '/homework', { ...fields, homework_id: 'HW-LAB2', title: 'Lab report' });
    const again = await eventTitled('Lab report');
    expect(again.uid).not.toBe(first.uid);
    expect(again.sequence).toBe(0);
  });
});
