import { makeBookingSettings, makeLineUser } from '@guildhall/testkit/appointments-demo';
import type { BookingSettings } from '@guildhall/contracts/appointments';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import { type AppointmentsDeps, makeAppointmentsDeps } from './appointments-deps';
import { type AppointmentsTables, newBookingRow } from './appointments-tables';
import { bangkokDateOf, mondayAfterNextAt } from './appointments-test-times';
import { buildAppointmentsTestApp, cancelAsStaff, fillDay, waitlistEntryOf, writeBookingRules } from './appointments-test-app';
import { claimSeats } from './claim-seats';
import { loadBookingRules } from './load-booking-rules';
import { expireWaitlistOffer } from './waitlist';

// Decision 0052: a seat is taken for a booking's whole length (issue 15 item 3, seats per slot), and
// a seat freed on a day that is no longer bookable is not offered to its waitlist (issue 15 item 6).

const at = (hhmm: string) => Date.parse(mondayAfterNextAt(hhmm));
const DATE = bangkokDateOf(mondayAfterNextAt('09:00'));
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DIALECTS)('decision 0052: seats over a booking’s whole length, on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const setRules = (settings: BookingSettings) => writeBookingRules(t, settings);
  const book = (user: { userId: string; displayName: string }, startsAt: number) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(user),
      payload: { userId: user.userId, datetime: iso(startsAt), topic: null, reschedule_id: null },
    });
  const slotsOfDay = async () =>
    (await t.request({ url: '/bureau/worker/availability?days=21' })).json().days.find((d: { date: string }) => d.date === DATE) as {
      slots: Array<{ start: string; end: string; free: number }>;
    };
  const booked = () =>
    db().selectFrom('appointments').select(['starts_at', 'ends_at', 'line_user_id']).where('status', '=', 'booked').execute();
  /** The most booked rows at one instant of the day (every change of count is at a start). */
  const mostAtOnce = async () => {
    const rows = await booked();
    return Math.max(0, ...rows.map((r) => rows.filter((o) => o.starts_at <= r.starts_at && o.ends_at > r.starts_at).length));
  };

  describe.each([
    { change: 'slot length 30 -> 45', rules: makeBookingSettings({ slotMinutes: 45 }), overlapping: ['09:45'], clear: ['09:00', '10:30'] },
    {
      change: 'opening 09:00 -> 09:15',
      rules: makeBookingSettings({ exceptions: [{ date: DATE, hours: { opens: '09:15', closes: '17:00', breaks: [] } }] }),
      overlapping: ['09:45', '10:15'],
      clear: ['09:15', '10:45'],
    },
  ])('after a rules change ($change), a booking 10:00-10:30 keeps its one seat', ({ rules, overlapping, clear }) => {
    it('availability does not offer the slot across it, and booking that slot is refused', async () => {
      const holder = makeLineUser();
      expect((await book(holder, at('10:00'))).statusCode).toBe(200);
      await setRules(rules);
      const starts = (await slotsOfDay()).slots.map((s) => s.start);
      for (const hhmm of overlapping) expect(starts).not.toContain(iso(at(hhmm)));
      for (const hhmm of clear) expect(starts).toContain(iso(at(hhmm)));
      for (const hhmm of overlapping) {
        const refused = await book(makeLineUser(), at(hhmm));
        expect(refused.statusCode, hhmm).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'appointments.slot_taken' });
      }
      expect(await booked()).toEqual([{ starts_at: at('10:00'), ends_at: at('10:30'), line_user_id: holder.userId }]);
    });
  });

  it('a slot across a booking with a seat to spare shows and takes the one seat left', async () => {
    await setRules(makeBookingSettings({ capacity: 2 }));
    expect((await book(makeLineUser(), at('10:00'))).statusCode).toBe(200);
    await setRules(makeBookingSettings({ capacity: 2, slotMinutes: 45 }));
    expect((await slotsOfDay()).slots.find((s) => s.start === iso(at('09:45')))).toMatchObject({ free: 1 });
    expect((await slotsOfDay()).slots.find((s) => s.start === iso(at('09:00')))).toMatchObject({ free: 2 });
    expect((await book(makeLineUser(), at('09:45'))).statusCode).toBe(200);
    expect((await book(makeLineUser(), at('09:45'))).json()).toMatchObject({ code: 'appointments.slot_taken' });
    expect(await mostAtOnce()).toBe(2);
  });

  it('race: 16 people booking at once the slot across a booking get the seats there are, no more', async () => {
    await setRules(makeBookingSettings({ capacity: 2 }));
    expect((await book(makeLineUser(), at('10:00'))).statusCode).toBe(200);
    await setRules(makeBookingSettings({ capacity: 2, slotMinutes: 45 }));
    const answers = await Promise.all(Array.from({ length: 16 }, () => book(makeLineUser(), at('09:45'))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(15);
    expect(await mostAtOnce()).toBe(2);
  });

  it('race: claims of overlapping ranges with different starts at once fill one seat once', async () => {
    // Two grids at once (09:45-10:30 and 10:00-10:45, one seat): no start in common, so only the
    // claims' count and lock keep them apart, not the (starts_at, seat) index.
    const deps = makeAppointmentsDeps(t.ctx, { baseUrl: '', channelId: null, channelToken: null, timeoutMs: 1000, mock: false }, t.app.log);
    const rules = await loadBookingRules(deps);
    const ranges = Array.from({ length: 12 }, (_, k) => (k % 2 === 0 ? [at('09:45'), at('10:30')] : [at('10:00'), at('10:45')]));
    const now = t.clock.now();
    const answers = await Promise.allSettled(
      ranges.map(([startsAt, endsAt]) => {
        const user = makeLineUser().userId;
        return claimSeats(deps, rules, { lineUserId: user, startsAt: startsAt!, endsAt: endsAt!, now, needsUserSeat: true }, (seats, trx) =>
          trx
            .insertInto('appointments')
            .values(newBookingRow(user, startsAt!, endsAt!, null, now, seats))
            .execute(),
        );
      }),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers) if (a.status === 'rejected') expect(a.reason).toMatchObject({ code: 'appointments.slot_taken' });
    expect(await booked()).toHaveLength(1);
  });
});

describe.each(DIALECTS)('decision 0052: a freed seat goes to the waitlist only while it is a bookable slot, on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const first = makeLineUser({ displayName: 'First' });
  const second = makeLineUser({ displayName: 'Second' });
  const setRules = (settings: BookingSettings) => writeBookingRules(t, settings);
  const join = (user: { userId: string; displayName: string }) =>
    t.request({ method: 'POST', url: '/bureau/worker/waitlist', token: t.signInLine(user), payload: { userId: user.userId, date: DATE } });
  const offers = () => t.line!.pushes.filter((p) => p.messages[0]?.text?.startsWith('A time is free'));
  const holds = () => db().selectFrom('appointments').select(['line_user_id', 'starts_at']).where('held_until', 'is not', null).execute();
  const entryOf = (user: { userId: string }) => waitlistEntryOf(t, user);
  const CLOSED = makeBookingSettings({ exceptions: [{ date: DATE, hours: null }] });

  it('a staff cancel on a day closed since: no hold, no push, the line waits on', async () => {
    const ids = await fillDay(t, at('09:00'));
    expect((await join(first)).statusCode).toBe(200);
    await setRules(CLOSED);
    expect((await cancelAsStaff(t, ids.get(at('11:00'))!, 'Closed')).statusCode).toBe(200);
    expect(await holds()).toEqual([]);
    expect(await entryOf(first)).toEqual({ status: 'waiting', offered_start: null });
    // A push would follow the commit: give it a moment to reach the fake LINE.
    await new Promise((r) => setTimeout(r, 100));
    expect(offers()).toEqual([]);
  });

  it('a staff cancel of a start the new slot length left off the grid: not offered', async () => {
    const ids = await fillDay(t, at('09:00'));
    expect((await join(first)).statusCode).toBe(200);
    // 45-minute slots from 09:00: 10:00 is no slot start any more.
    await setRules(makeBookingSettings({ slotMinutes: 45 }));
    expect((await cancelAsStaff(t, ids.get(at('10:00'))!, 'Closed')).statusCode).toBe(200);
    expect(await holds()).toEqual([]);
    expect(await entryOf(first)).toEqual({ status: 'waiting', offered_start: null });
    expect(offers()).toEqual([]);
  });

  it('a hold that lapses after the day closed is not passed to the next in line', async () => {
    const ids = await fillDay(t, at('09:00'));
    expect((await join(first)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await join(second)).statusCode).toBe(200);
    expect((await cancelAsStaff(t, ids.get(at('11:00'))!, 'Closed')).statusCode).toBe(200);
    expect(await entryOf(first)).toEqual({ status: 'offered', offered_start: at('11:00') });
    const entry = await db()
      .selectFrom('appointment_waitlist')
      .select('id')
      .where('line_user_id', '=', first.userId)
      .executeTakeFirstOrThrow();
    await setRules(CLOSED);
    const pushedBefore = offers().length;
    t.clock.advance(31 * 60_000);
    const line = t.line!;
    const deps: AppointmentsDeps = makeAppointmentsDeps(
      t.ctx,
      { baseUrl: line.url, channelId: line.channelId, channelToken: line.channelToken, timeoutMs: 1000, mock: false },
      t.app.log,
    );
    await expireWaitlistOffer(deps, entry.id);
    await Promise.allSettled([...deps.pending]);
    expect(await entryOf(first)).toEqual({ status: 'expired', offered_start: at('11:00') });
    expect(await entryOf(second)).toEqual({ status: 'waiting', offered_start: null });
    expect(await holds()).toEqual([]);
    expect(offers()).toHaveLength(pushedBefore);
  });
});
