import { TZDate } from '@date-fns/tz';
import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import type { AppointmentsTables } from './appointments-tables';
import { mondayAfterNextAt } from './appointments-test-times';
import { buildAppointmentsTestApp } from './appointments-test-app';

const TZ = 'Asia/Bangkok';
const alice = makeLineUser({ displayName: 'Alice' });

/** 09:00 (or hh:mm; minutes past 59 run on) Bangkok of the Monday after next, as epoch ms. */
const mondayAfterNext = (hh = 9, mm = 0) => Date.parse(mondayAfterNextAt(`${hh}:${mm}`));

describe.each(DIALECTS)('issue 15 item 1: availability on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const availability = async (days: number | string) => t.request({ url: `/bureau/worker/availability?days=${days}` });

  it('answers the free slots of the next N days from the working plan, less booked seats and the minimum notice', async () => {
    const res = await availability(21);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timeZone: TZ, slotMinutes: 30 });
    expect(body.days).toHaveLength(21);
    const today = new TZDate(t.clock.now(), TZ);
    expect(body.days[0].date).toBe(
      `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`,
    );
    // Weekends are closed; a working day far enough ahead has 16 slots 09:00-16:30.
    for (const day of body.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      expect(day.open, day.date).toBe(weekday !== 0 && weekday !== 6);
    }
    const monday = mondayAfterNext();
    const mondayDay = body.days.find((d: { slots: Array<{ start: string }> }) => d.slots[0]?.start === new Date(monday).toISOString());
    expect(mondayDay.slots).toHaveLength(16);
    expect(mondayDay.slots[15].start).toBe(new Date(mondayAfterNext(16, 30)).toISOString());
    // Minimum notice (60 minutes by default): nothing within the hour is offered.
    for (const start of body.days.flatMap((d: { slots: Array<{ start: string }> }) => d.slots.map((s) => Date.parse(s.start)))) {
      expect(start).toBeGreaterThanOrEqual(t.clock.now() + 60 * 60_000);
    }
    expect(body.next).toBe(body.days.flatMap((d: { slots: Array<{ start: string }> }) => d.slots)[0].start);

    // A booked slot is no longer offered; a cancelled booking frees it again.
    const db = toolDb<AppointmentsTables>(t.ctx.database);
    await db.insertInto('appointments').values(makeAppointment(alice.userId, monday)).execute();
    await db
      .insertInto('appointments')
      .values(makeAppointment(alice.userId, mondayAfterNext(9, 30), { status: 'cancelled' }))
      .execute();
    const after = (await availability(21)).json();
    const mondayAfter = after.days.find((d: { date: string }) => d.date === mondayDay.date);
    expect(mondayAfter.slots.map((s: { start: string }) => s.start)).not.toContain(new Date(monday).toISOString());
    expect(mondayAfter.slots.map((s: { start: string }) => s.start)).toContain(new Date(mondayAfterNext(9, 30)).toISOString());
    expect(mondayAfter.slots).toHaveLength(15);
  });

  it('marks a day full when every bookable slot is taken', async () => {
    const db = toolDb<AppointmentsTables>(t.ctx.database);
    for (let i = 0; i < 16; i++) {
      await db
        .insertInto('appointments')
        .values(makeAppointment(makeLineUser().userId, mondayAfterNext(9, 30 * i)))
        .execute();
    }
    const body = (await availability(21)).json();
    const date = new TZDate(mondayAfterNext(), TZ).toISOString().slice(0, 10);
    expect(body.days.find((d: { date: string }) => d.date === date)).toEqual({ date, open: true, full: true, slots: [] });
  });

  it('refuses bad input with 400 naming the field, never 500', async () => {
    for (const days of ['0', '91', 'abc', '1.5', '-3']) {
      const res = await availability(days);
      expect(res.statusCode, days).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', error: expect.stringContaining('days') });
    }
    // Without ?days the mini-app's two weeks.
    expect((await t.request({ url: '/bureau/worker/availability' })).json().days).toHaveLength(14);
  });
});
