import { makeBookingSettings, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { mondayAfterNextAt as at, bangkokDateOf as dateOf } from './appointments-test-times';
import { buildAppointmentsStaffTestApp } from './appointments-test-app';
import { SEND_REMINDER } from './send-reminder';

/** The shipped rules as GET staff/settings answers them (APPOINTMENT_REMINDER_HOURS: a day and an hour). */
const BASE = makeBookingSettings({ reminderMinutes: [1440, 60] });
const mai = makeLineUser({ displayName: 'Mai' });
const STALE = 'Another staff member changed the booking rules since you opened this page. Reload to see their change, then save again.';

describe.each(DIALECTS)('decision 0053: staff writes from a page that is out of date, on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect)));
  afterEach(() => t?.close());

  const read = async () => (await t.request({ url: '/bureau/worker/staff/settings', cookie: staff })).json();
  const save = (payload: object) => t.request({ method: 'PUT', url: '/bureau/worker/staff/settings', cookie: staff, payload });
  const book = async (datetime: string, reschedule_id: number | null = null) => {
    const answer = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(mai),
      payload: { userId: mai.userId, datetime, topic: 'Visa', reschedule_id },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().appointment as { id: number; datetime: string; status: string };
  };
  const texts = () => t.line!.pushes.map((p) => p.messages[0]?.text ?? '');

  it('issue 15 item 3: refuses a date that is both a holiday and a one-off change, naming it (the change silently won)', async () => {
    const date = dateOf(at('09:00'));
    const refused = await save({
      ...BASE,
      holidays: [{ date, name: 'Songkran' }],
      exceptions: [{ date, hours: { opens: '10:00', closes: '12:00', breaks: [] } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_input' });
    expect(refused.json().error).toContain(
      `holidays.0.date: ${date} is also a one-off change: a date can be a holiday or have a one-off change, not both`,
    );
    expect((await read()).updatedAt).toBeNull();
  });

  it('issue 15 item 3: a save from a tab opened before a colleague saved is refused 409 and writes nothing', async () => {
    // Both tabs open the page on the configured defaults (updatedAt null).
    const opened = await read();
    expect(opened.updatedAt).toBeNull();
    const holiday = { date: dateOf(at('09:00')), name: 'Songkran' };
    // Tab B adds a holiday and saves.
    const b = await save({ ...opened.settings, holidays: [holiday], expectedUpdatedAt: opened.updatedAt });
    expect(b.statusCode).toBe(200);
    // Tab A, still on the defaults, changes the seats: refused, B's holiday kept.
    const a = await save({ ...opened.settings, capacity: 3, expectedUpdatedAt: opened.updatedAt });
    expect(a.statusCode).toBe(409);
    expect(a.json()).toEqual(expect.objectContaining({ code: 'conflict', error: STALE }));
    expect(await read()).toMatchObject({ settings: { holidays: [holiday], capacity: BASE.capacity }, updatedAt: b.json().updatedAt });
    // Having read B's save, A saves again, in the same millisecond as far as the clock knows: it passes,
    // and the tab that saved before it is now the stale one.
    const reread = await read();
    const again = await save({ ...reread.settings, capacity: 3, expectedUpdatedAt: reread.updatedAt });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ settings: { holidays: [holiday], capacity: 3 } });
    expect(Date.parse(again.json().updatedAt)).toBeGreaterThan(Date.parse(reread.updatedAt));
    const staleB = await save({ ...b.json().settings, holidays: [], expectedUpdatedAt: b.json().updatedAt });
    expect(staleB.statusCode).toBe(409);
    expect(await read()).toMatchObject({ settings: { holidays: [holiday], capacity: 3 } });
    // A caller that names no version replaces the rules as before.
    expect((await save({ ...BASE, capacity: 4 })).statusCode).toBe(200);
    expect((await read()).settings.capacity).toBe(4);
  });

  it('a staff cancel naming the start it saw refuses a booking moved since: nothing cancelled, no LINE message', async () => {
    const booking = await book(at('10:00'));
    const moved = await book(at('11:00'), booking.id); // the user reschedules; the id stays
    expect(moved.id).toBe(booking.id);
    await vi.waitFor(() => expect(t.line!.pushes).toHaveLength(2), { timeout: 10_000 }); // booked, moved
    const cancel = (expectedStart?: string) =>
      t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${booking.id}/cancel`,
        cookie: staff,
        payload: { reason: 'Closed that morning', ...(expectedStart ? { expectedStart } : {}) },
      });
    const refused = await cancel(at('10:00'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('conflict');
    expect(refused.json().error).toMatch(
      /^This appointment has moved to Mon .* 11:00 \(Asia\/Bangkok time\) since you opened it\. Look again before cancelling\.$/,
    );
    const mine = await t.request({ url: `/bureau/worker/my-appointments?userId=${mai.userId}`, token: t.signInLine(mai) });
    expect(mine.json().upcoming).toEqual([expect.objectContaining({ id: booking.id, status: 'booked', datetime: at('11:00') })]);
    // Having looked again: cancelled at the time shown; the only cancel message the user gets is this one.
    const done = await cancel(at('11:00'));
    expect(done.statusCode).toBe(200);
    await vi.waitFor(() => expect(t.line!.pushes).toHaveLength(3), { timeout: 10_000 });
    expect(texts().filter((text) => text.includes('has been cancelled'))).toEqual([expect.stringContaining('11:00')]);
  });

  it('issue 15 item 4: reminder times changed after booking are queued for bookings already made, once', async () => {
    const booking = await book(at('10:00'));
    const queued = async () => (await t.ctx.jobs.stats()).byName[SEND_REMINDER]?.queued ?? 0;
    expect(await queued()).toBe(1); // the day before (1440)
    // Two days before instead: the day-before job stays (it skips and queues nothing smaller), and the
    // two-days-before job is queued; saving the same offsets again queues nothing more.
    const opened = await read();
    expect((await save({ ...opened.settings, reminderMinutes: [2880] })).statusCode).toBe(200);
    expect(await queued()).toBe(2);
    expect((await save({ ...opened.settings, reminderMinutes: [2880], capacity: 2 })).statusCode).toBe(200);
    expect(await queued()).toBe(2);
    if (dialect === 'sqlite') {
      // SQLite runs jobs by ctx.now: two days before, then one, then an hour before.
      const startsAt = Date.parse(booking.datetime);
      const reminders = () => texts().filter((text) => text.startsWith('Reminder:'));
      t.clock.set(startsAt - 2880 * 60_000 + 1_000);
      await t.ctx.jobs.settle();
      expect(reminders()).toEqual([expect.stringContaining('in 2 days')]);
      t.clock.set(startsAt - 1440 * 60_000 + 1_000);
      await t.ctx.jobs.settle();
      t.clock.set(startsAt - 60 * 60_000 + 1_000);
      await t.ctx.jobs.settle();
      expect(reminders()).toHaveLength(1);
      expect(await queued()).toBe(0);
    }
  });
});
