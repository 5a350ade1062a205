import { demoPerson } from '@guildhall/testkit';
import { makeLineUser } from '@guildhall/testkit/appointments-demo';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { refuseNewJobs } from '@server/test-support/refuse-inserts';
import { SEND_REMINDER } from './send-reminder';
import { mondayAfterNextAt as at } from './appointments-test-times';
import { buildAppointmentsTestApp } from './appointments-test-app';

const mai = makeLineUser({ displayName: 'Mai' });

describe.each(DIALECTS)('issue 15 item 4: reminders on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const book = async (datetime: string, reschedule_id: number | null = null) =>
    (
      await t.request({
        method: 'POST',
        url: '/bureau/worker/create-appointment',
        token: t.signInLine(mai),
        payload: { userId: mai.userId, datetime, topic: 'Visa', reschedule_id },
      })
    ).json().appointment as { id: number; datetime: string };
  const reminders = () => t.line!.pushes.filter((p) => p.messages[0]?.text?.startsWith('Reminder:'));

  it('queues the first reminder (the day before) as a durable job; it queues the next (an hour before) when it has run', async () => {
    await book(at('10:00'));
    const stats = await t.ctx.jobs.stats();
    expect(stats.byName[SEND_REMINDER]?.queued).toBe(1);
  });

  it('books (or moves) and queues the first reminder in one commit: when the reminder cannot be stored, nothing changes (decision 0041)', async () => {
    const booking = await book(at('10:00')); // on PostgreSQL this also installs pg-boss's tables
    await refuseNewJobs(t);
    const { db } = t.ctx.database;
    const bookings = async () =>
      (await sql<{ id: number; starts_at: number }>`select id, starts_at from appointments order by id`.execute(db)).rows.map((r) => ({
        id: Number(r.id),
        startsAt: Number(r.starts_at),
      }));
    const before = await bookings();
    expect(before).toEqual([{ id: booking.id, startsAt: Date.parse(at('10:00')) }]);
    const attempt = (datetime: string, reschedule_id: number | null) =>
      t.request({
        method: 'POST',
        url: '/bureau/worker/create-appointment',
        token: t.signInLine(mai),
        payload: { userId: mai.userId, datetime, topic: 'Visa', reschedule_id },
      });
    for (const [datetime, rescheduleId] of [
      [at('11:00'), null],
      [at('12:00'), booking.id],
    ] as const) {
      const refused = await attempt(datetime, rescheduleId);
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toMatchObject({ code: 'internal' });
      expect(await bookings()).toEqual(before);
    }
    expect((await t.ctx.jobs.stats()).byName[SEND_REMINDER]?.queued).toBe(1);
  });

  it('pushes a reminder once, even when its job runs twice; skips cancelled and moved bookings', async () => {
    const booking = await book(at('10:00'));
    const startsAt = Date.parse(booking.datetime);
    const payload = { appointmentId: booking.id, startsAt, hoursBefore: 1 };
    // The same reminder twice (as when a process dies after sending, or two run it): one push.
    await t.ctx.jobs.enqueue(SEND_REMINDER, payload);
    await t.ctx.jobs.enqueue(SEND_REMINDER, payload);
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]).toMatchObject({ to: mai.userId });
    expect(reminders()[0]!.messages[0]!.text).toMatch(
      /^Reminder: your appointment is in 1 hour, Mon .* 10:00 \(Asia\/Bangkok time\)\. Topic: Visa\./,
    );
    expect(reminders()[0]!.messages[0]!.text).toContain(`?booking=${booking.id}`);

    // Moved: the old start's reminder is skipped.
    await book(at('11:00'), booking.id);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { ...payload, hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);

    // Cancelled: skipped.
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cancelled = await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${booking.id}/cancel`,
      cookie: await t.signInAs('staff'),
      payload: { reason: 'Closed' },
    });
    expect(cancelled.statusCode).toBe(200);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { appointmentId: booking.id, startsAt: Date.parse(at('11:00')), hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
  });

  it('a refused push is sent again by the retry, still once', async () => {
    const booking = await book(at('10:00'));
    await vi.waitFor(() => expect(t.line!.pushes).toHaveLength(1), { timeout: 10_000 }); // the booking's confirmation
    t.line!.faults.fail(/\/v2\/bot\/message\/push/, 500);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { appointmentId: booking.id, startsAt: Date.parse(booking.datetime), hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(0);
    expect((await t.ctx.jobs.stats()).byName[SEND_REMINDER]?.queued).toBeGreaterThanOrEqual(1);
    if (dialect === 'sqlite') {
      // SQLite counts the retry delay (60 s) by ctx.now; PostgreSQL by its own clock.
      t.clock.advance(61_000);
      await t.ctx.jobs.settle();
      expect(reminders()).toHaveLength(1);
    }
  });

  it('uses the minutes staff set; a refused push of a fractional offset is given back and sent by the next run', async () => {
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const current = (await t.request({ url: '/bureau/worker/staff/settings', cookie })).json().settings as object;
    const saved = await t.request({
      method: 'PUT',
      url: '/bureau/worker/staff/settings',
      cookie,
      payload: { ...current, reminderMinutes: [90, 5, 2] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.reminderMinutes).toEqual([90, 5, 2]);
    const refused = await t.request({
      method: 'PUT',
      url: '/bureau/worker/staff/settings',
      cookie,
      payload: { ...current, reminderMinutes: [0] },
    });
    expect(refused.statusCode).toBe(400);

    const booking = await book(at('10:00'));
    expect((await t.ctx.jobs.stats()).byName[SEND_REMINDER]?.queued).toBe(1);
    await vi.waitFor(() => expect(t.line!.pushes).toHaveLength(1), { timeout: 10_000 }); // the booking's confirmation
    // 5 / 60 hours is not exact in binary: the claim must be found again to be given back.
    const payload = { appointmentId: booking.id, startsAt: Date.parse(booking.datetime), hoursBefore: 5 / 60 };
    t.line!.faults.fail(/\/v2\/bot\/message\/push/, 500);
    await t.ctx.jobs.enqueue(SEND_REMINDER, payload);
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(0);
    t.line!.faults.clear();
    await t.ctx.jobs.enqueue(SEND_REMINDER, payload);
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.messages[0]!.text).toContain('in 5 minutes');
    // A reminder queued for an offset staff have since taken out is not sent (an hour: not in 90, 5, 2).
    await t.ctx.jobs.enqueue(SEND_REMINDER, { ...payload, hoursBefore: 1 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
  });

  if (dialect === 'sqlite') {
    it('runs at its time: the day before, then an hour before (SQLite counts time by ctx.now)', async () => {
      const booking = await book(at('10:00'));
      const startsAt = Date.parse(booking.datetime);
      t.clock.set(startsAt - 24 * 3_600_000 + 1_000);
      await t.ctx.jobs.settle();
      expect(reminders().map((p) => p.messages[0]!.text!.slice(0, 44))).toEqual(['Reminder: your appointment is in 1 day, Mon ']);
      // The day-before job queued the hour-before one.
      expect((await t.ctx.jobs.stats()).byName[SEND_REMINDER]?.queued).toBe(1);
      t.clock.set(startsAt - 3_600_000 + 1_000);
      await t.ctx.jobs.settle();
      expect(reminders()).toHaveLength(2);
      expect(reminders()[1]!.messages[0]!.text).toContain('in 1 hour');
    });
  }
});
