import { TZDate } from '@date-fns/tz';
import { demoPerson } from '@guildhall/testkit';
import { makeBookingSettings, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import type { AppointmentsTables } from './appointments-tables';
import { mondayAfterNextAt as at, bangkokDateOf as dateOf } from './appointments-test-times';
import { buildAppointmentsStaffTestApp } from './appointments-test-app';

const TZ = 'Asia/Bangkok';
/** The shipped rules as GET staff/settings answers them: APPOINTMENT_REMINDER_HOURS' minutes included. */
const BASE = makeBookingSettings({ reminderMinutes: [1440, 60] });

describe.each(DIALECTS)('issue 15 item 3: rules staff set, on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect)));
  afterEach(() => t?.close());

  const save = (settings: unknown) =>
    t.request({ method: 'PUT', url: '/bureau/worker/staff/settings', cookie: staff, payload: settings as object });
  const book = (user: { userId: string; displayName: string }, datetime: string, reschedule_id: number | null = null) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(user),
      payload: { userId: user.userId, datetime, topic: null, reschedule_id },
    });
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);

  it('answers the configured defaults until staff save, then the saved rules with who saved them', async () => {
    const before = await t.request({ url: '/bureau/worker/staff/settings', cookie: staff });
    expect(before.json()).toEqual({ timeZone: TZ, settings: BASE, updatedAt: null, updatedBy: null });
    const saved = await save({ ...BASE, capacity: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ settings: { capacity: 2 }, updatedBy: demoPerson('staff').discord.id });
    expect((await t.request({ url: '/bureau/worker/staff/settings', cookie: staff })).json().settings.capacity).toBe(2);
  });

  it('enforces breaks, holidays, one-off exceptions and slot length on booking and in availability', async () => {
    const monday = dateOf(at('09:00'));
    const tuesday = dateOf(at('09:00', 1));
    const saturday = dateOf(at('09:00', 5));
    const breakDay = { opens: '09:00', closes: '17:00', breaks: [{ start: '12:00', end: '13:00' }] };
    expect(
      (
        await save({
          ...BASE,
          slotMinutes: 45,
          weekly: [null, breakDay, breakDay, breakDay, breakDay, breakDay, null],
          holidays: [{ date: tuesday, name: 'Bureau day' }],
          exceptions: [{ date: saturday, hours: { opens: '10:00', closes: '12:00', breaks: [] } }],
        })
      ).statusCode,
    ).toBe(200);
    const who = makeLineUser();
    // 45-minute grid from 09:00: 09:00, 09:45, 10:30, 11:15; 12:00-13:00 is a break; then from 13:00.
    expect((await book(who, at('09:30'))).json().error).toContain('every 45 minutes from 09:00');
    expect((await book(who, at('12:00'))).json().error).toContain('(a break)');
    expect((await book(who, at('09:00', 1))).json()).toEqual({
      error: `The bureau is closed on ${tuesday} (Bureau day). Please pick another day.`,
      code: 'invalid_input',
    });
    const ok = await book(who, at('13:45'));
    expect(ok.json().error).toBeUndefined();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().appointment.endsAt).toBe(at('14:30'));
    expect((await book(who, at('10:45', 5))).statusCode).toBe(200);

    const days = (await t.request({ url: '/bureau/worker/availability?days=30' })).json().days as Array<{
      date: string;
      open: boolean;
      slots: Array<{ start: string }>;
    }>;
    const times = (date: string) =>
      days.find((d) => d.date === date)!.slots.map((s) => new TZDate(Date.parse(s.start), TZ).toTimeString().slice(0, 5));
    expect(times(monday)).toEqual(['09:00', '09:45', '10:30', '11:15', '13:00', '14:30', '15:15', '16:00']);
    expect(days.find((d) => d.date === tuesday)!.open).toBe(false);
    expect(times(saturday)).toEqual(['10:00']);
  });

  it('decision 0055: a save that closes days with bookings names them and their counts; the bookings stay', async () => {
    const [monday, tuesday, wednesday] = [0, 1, 2].map((d) => dateOf(at('09:00', d)));
    for (const [when, who] of [
      [at('09:00'), makeLineUser()],
      [at('10:00'), makeLineUser()],
      [at('09:00', 1), makeLineUser()],
      [at('09:00', 2), makeLineUser()],
    ] as const)
      expect((await book(who, when)).statusCode).toBe(200);
    // Monday as a holiday, Tuesday closed by a one-off change, Wednesday's hours moved (still open).
    const closing = await save({
      ...BASE,
      holidays: [{ date: monday, name: 'Bureau day' }],
      exceptions: [
        { date: tuesday, hours: null },
        { date: wednesday, hours: { opens: '13:00', closes: '15:00', breaks: [] } },
      ],
    });
    expect(closing.statusCode).toBe(200);
    expect(closing.json().closedDays).toEqual([
      { date: monday, bookings: 2, waitlistEnded: 0 },
      { date: tuesday, bookings: 1, waitlistEnded: 0 },
    ]);
    // Wednesday stays open, but its 09:00 booking now lies before the 13:00 opening.
    expect(closing.json().outsideHours).toEqual([{ date: wednesday, bookings: 1 }]);
    const stillBooked = await db().selectFrom('appointments').select('id').where('status', '=', 'booked').execute();
    expect(stillBooked).toHaveLength(4);
    // Closing every weekday at once: each day with bookings is named once, in date order.
    const shut = await save({ ...BASE, weekly: [null, null, null, null, null, null, null] });
    expect(shut.json().closedDays).toEqual([{ date: wednesday, bookings: 1, waitlistEnded: 0 }]);
    // Reopened, nothing is closed by the save.
    expect((await save(BASE)).json().closedDays).toEqual([]);
  });

  // Found by review: the reports looked only as far as either horizon, so a booking made before the
  // horizon was shortened (decision 0032 keeps it) was never named when its day closed or lost seats.
  it('decision 0055: a booking past a since-shortened horizon is still named when its day closes or loses seats', async () => {
    const later = at('10:00', 14);
    expect((await save({ ...BASE, capacity: 2 })).statusCode).toBe(200);
    for (const who of [makeLineUser(), makeLineUser()]) expect((await book(who, later)).statusCode).toBe(200);
    const short = { ...BASE, capacity: 2, maxDaysAhead: 3 };
    expect((await save(short)).json()).toMatchObject({ closedDays: [], outsideHours: [], overSeats: [] });
    expect((await save({ ...short, capacity: 1 })).json().overSeats).toEqual([
      { date: dateOf(later), slots: [{ start: later, bookings: 2 }] },
    ]);
    const closed = await save({ ...short, capacity: 1, holidays: [{ date: dateOf(later), name: 'Bureau day' }] });
    expect(closed.json().closedDays).toEqual([{ date: dateOf(later), bookings: 2, waitlistEnded: 0 }]);
  });

  // A shortened day said only "Saved": staff did not learn that bookings now lay outside its hours.
  it('names the days whose new hours leave bookings outside them: before the opening, after the close, in a break', async () => {
    const monday = dateOf(at('09:00'));
    for (const when of [at('09:00'), at('10:00'), at('15:00'), at('16:30')])
      expect((await book(makeLineUser(), when)).statusCode).toBe(200);
    const saved = await save({
      ...BASE,
      exceptions: [{ date: monday, hours: { opens: '09:00', closes: '16:45', breaks: [{ start: '09:45', end: '10:15' }] } }],
    });
    expect(saved.statusCode).toBe(200);
    // 10:00 meets the break and 16:30 ends after the 16:45 close; 09:00 and 15:00 still fit.
    expect(saved.json()).toMatchObject({ closedDays: [], outsideHours: [{ date: monday, bookings: 2 }] });
    expect(await db().selectFrom('appointments').select('id').where('status', '=', 'booked').execute()).toHaveLength(4);
    // Saving the same rules again changes no day's hours, so it names none.
    expect((await save(saved.json().settings)).json().outsideHours).toEqual([]);
  });

  // Decision 0052: lowered seats leave the bookings made in their seats; the save said only "Saved".
  it('decision 0055 (amended): a save that lowers the seats names the open days and times now over them; the bookings stay', async () => {
    const [monday, tuesday] = [0, 1].map((d) => dateOf(at('09:00', d)));
    expect((await save({ ...BASE, capacity: 3 })).statusCode).toBe(200);
    for (const when of [at('10:00'), at('10:00'), at('10:00'), at('10:30'), at('10:30'), at('11:00'), at('10:00', 1), at('10:00', 1)])
      expect((await book(makeLineUser(), when)).statusCode).toBe(200);
    // Tuesday closes in the same save: its bookings are named in closedDays, not twice.
    const lowered = await save({ ...BASE, capacity: 1, holidays: [{ date: tuesday, name: 'Bureau day' }] });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({
      closedDays: [{ date: tuesday, bookings: 2, waitlistEnded: 0 }],
      outsideHours: [],
      overSeats: [
        {
          date: monday,
          slots: [
            { start: at('10:00'), bookings: 3 },
            { start: at('10:30'), bookings: 2 },
          ],
        },
      ],
    });
    expect(await db().selectFrom('appointments').select('id').where('status', '=', 'booked').execute()).toHaveLength(8);
    // Lowered again to 2: only 10:00 is still over; the same seats again, or more, name nothing.
    const settings = lowered.json().settings;
    expect((await save({ ...settings, capacity: 2 })).json().overSeats).toEqual([]);
    expect((await save({ ...settings, capacity: 3 })).json().overSeats).toEqual([]);
    expect((await save({ ...settings, capacity: 2 })).json().overSeats).toEqual([
      { date: monday, slots: [{ start: at('10:00'), bookings: 3 }] },
    ]);
    expect((await save({ ...settings, capacity: 2 })).json().overSeats).toEqual([]);
  });

  it("the mini-app's config names each day's own hours and breaks (the first open day's stood for every day)", async () => {
    const week = { opens: '09:00', closes: '17:00', breaks: [] };
    const friday = { opens: '09:00', closes: '12:00', breaks: [{ start: '10:00', end: '10:30' }] };
    expect((await save({ ...BASE, weekly: [null, week, week, week, week, friday, null] })).statusCode).toBe(200);
    expect((await t.request({ url: '/bureau/worker/config' })).json().booking).toMatchObject({
      opens: '09:00',
      closes: '17:00',
      hours: `Monday to Thursday, 09:00-17:00; Friday, 09:00-12:00 (closed 10:00-10:30) (${TZ} time)`,
    });
  });

  it('enforces minimum notice and the booking horizon', async () => {
    await save({ ...BASE, minNoticeMinutes: 60 * 24 * 30 });
    expect((await book(makeLineUser(), at('10:00'))).json().error).toBe('Appointments must be booked at least 30 days ahead.');
    expect((await t.request({ url: '/bureau/worker/availability?days=20' })).json().next).toBeNull();
    await save({ ...BASE, maxDaysAhead: 3 });
    expect((await book(makeLineUser(), at('10:00'))).json().error).toBe('Appointments can be booked at most 3 days ahead.');
  });

  it('capacity N with 2N people racing for the slot gives exactly N bookings, each its own seat', async () => {
    const N = 4;
    await save({ ...BASE, capacity: N });
    const when = at('10:00');
    const answers = await Promise.all(Array.from({ length: 2 * N }, () => book(makeLineUser(), when)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(N);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(N);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'appointments.slot_taken' });
    const rows = await db().selectFrom('appointments').select('seat').where('status', '=', 'booked').orderBy('seat').execute();
    expect(rows.map((r) => r.seat)).toEqual([1, 2, 3, 4]);
    const monday = (await t.request({ url: '/bureau/worker/availability?days=30' }))
      .json()
      .days.find((d: { date: string }) => d.date === dateOf(when));
    expect(monday.slots.map((s: { start: string }) => s.start)).not.toContain(when);
  });

  it('books one person once per slot: a repeated or doubled request takes no second seat (it took every seat)', async () => {
    await save({ ...BASE, capacity: 3 });
    const nok = makeLineUser({ displayName: 'Nok' });
    const when = at('10:00');
    expect((await book(nok, when)).statusCode).toBe(200);
    const again = await book(nok, when);
    expect([again.statusCode, again.json().code]).toEqual([409, 'appointments.already_booked']);
    expect(again.json().error).toMatch(/^You already have an appointment at this time: /);
    // At once, from another slot's point of view: one booking, the other answers the same 409.
    const later = at('11:00');
    const doubled = await Promise.all([book(nok, later), book(nok, later)]);
    expect(doubled.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().selectFrom('appointments').select('starts_at').where('line_user_id', '=', nok.userId).execute();
    expect(rows.map((r) => r.starts_at).sort()).toEqual([Date.parse(when), Date.parse(later)]);
    // Someone else still gets a seat of the first slot.
    expect((await book(makeLineUser(), when)).statusCode).toBe(200);
  });

  it('limits active bookings per user, even when one user races themselves; cancelling frees a place', async () => {
    await save({ ...BASE, maxActivePerUser: 2 });
    const greedy = makeLineUser({ displayName: 'Greedy' });
    const answers = await Promise.all(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((hhmm) => book(greedy, at(hhmm))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode !== 200);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'appointments.too_many_active' });
    expect(refused[0]!.json().error).toBe(
      'You already have 2 upcoming appointments, the most allowed (2). Please cancel or reschedule one first.',
    );
    // Rescheduling one of them is not a new booking.
    const mine = answers.find((a) => a.statusCode === 200)!.json().appointment;
    expect((await book(greedy, at('15:00'), mine.id)).statusCode).toBe(200);
    // A staff cancellation frees the place.
    const cancel = await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${mine.id}/cancel`,
      cookie: staff,
      payload: { reason: 'Double booked' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(greedy, at('16:00'))).statusCode).toBe(200);
  });

  it('refuses bad settings with 400 naming the field, saving nothing', async () => {
    const bad: Array<[unknown, string]> = [
      [{ ...BASE, weekly: BASE.weekly.slice(0, 6) }, 'weekly'],
      [{ ...BASE, weekly: [null, { opens: '17:00', closes: '09:00', breaks: [] }, null, null, null, null, null] }, 'weekly.1.closes'],
      [
        {
          ...BASE,
          weekly: [null, { opens: '09:00', closes: '17:00', breaks: [{ start: '08:00', end: '10:00' }] }, null, null, null, null, null],
        },
        'weekly.1.breaks.0',
      ],
      [{ ...BASE, weekly: [null, { opens: '9am', closes: '17:00', breaks: [] }, null, null, null, null, null] }, 'weekly.1.opens'],
      [{ ...BASE, capacity: 0 }, 'capacity'],
      [{ ...BASE, capacity: 1.5 }, 'capacity'],
      [{ ...BASE, slotMinutes: 'thirty' }, 'slotMinutes'],
      [{ ...BASE, maxActivePerUser: 0 }, 'maxActivePerUser'],
      [{ ...BASE, holidays: [{ date: '2030-02-30', name: 'x' }] }, 'holidays.0.date'],
      [
        {
          ...BASE,
          holidays: [
            { date: '2030-02-03', name: 'a' },
            { date: '2030-02-03', name: 'b' },
          ],
        },
        'holidays.1.date',
      ],
      [{ ...BASE, exceptions: [{ date: '2030-02-03', hours: { opens: '10:00' } }] }, 'exceptions.0.hours'],
      [{}, 'weekly'],
      [[1, 2], ''],
    ];
    for (const [payload, field] of bad) {
      const res = await save(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'invalid_input', error: expect.stringContaining(field) });
    }
    expect((await t.request({ url: '/bureau/worker/staff/settings', cookie: staff })).json().updatedAt).toBeNull();
  });
});
