import { demoPerson } from '@guildhall/testkit';
import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '@server/core/db/database';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import { refuseNewJobs } from '@server/test-support/refuse-inserts';
import type { AppointmentsTables } from './appointments-tables';
import { bangkokDateOf, mondayAfterNextAt } from './appointments-test-times';
import { EXPIRE_WAITLIST_OFFER } from './waitlist';
import { buildAppointmentsTestApp, cancelAsStaff, fillDay } from './appointments-test-app';

const first = makeLineUser({ displayName: 'First' });
const second = makeLineUser({ displayName: 'Second' });
const outsider = makeLineUser({ displayName: 'Outsider' });

/** The Monday after next at hh:mm Bangkok (epoch ms). */
const at = (hhmm: string) => Date.parse(mondayAfterNextAt(hhmm));
const DATE = bangkokDateOf(mondayAfterNextAt('09:00'));

describe.each(DIALECTS)('issue 15 item 6: waitlist on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const join = (user: { userId: string; displayName: string }, date: unknown = DATE) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/waitlist',
      token: t.signInLine(user),
      payload: { userId: user.userId, date } as object,
    });
  const book = (user: { userId: string; displayName: string }, startsAt: number) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(user),
      payload: { userId: user.userId, datetime: new Date(startsAt).toISOString(), topic: null, reschedule_id: null },
    });
  const offers = (user: { userId: string }) =>
    t.line!.pushes.filter((p) => p.to === user.userId && p.messages[0]?.text?.startsWith('A time is free'));

  it('joins only a full day, in order; bad input 4xx', async () => {
    expect((await join(first)).json()).toMatchObject({ code: 'appointments.day_not_full' });
    await fillDay(t, at('09:00'));
    const a = await join(first);
    expect(a.statusCode).toBe(200);
    expect(a.json().entry).toEqual({ date: DATE, status: 'waiting', position: 1, offeredStart: null, offerExpiresAt: null });
    t.clock.advance(1000);
    expect((await join(second)).json().entry.position).toBe(2);
    // Joining twice keeps the place.
    expect((await join(first)).json().entry.position).toBe(1);
    // An entry whose offer expired joins again, at the back of the line.
    await db().updateTable('appointment_waitlist').set({ status: 'expired' }).where('line_user_id', '=', first.userId).execute();
    t.clock.advance(1000);
    expect((await join(first)).json().entry).toMatchObject({ status: 'waiting', position: 2 });
    // Someone with a booking that day does not wait too: cancelling, they were offered their own seat
    // ahead of those waiting with nothing.
    const booked = await db()
      .selectFrom('appointments')
      .select('line_user_id')
      .where('starts_at', '=', at('09:00'))
      .executeTakeFirstOrThrow();
    const holder = { userId: booked.line_user_id, displayName: 'Holder' };
    expect((await join(holder)).json()).toEqual({
      error: 'You already have an appointment on this day, so you cannot wait for another one. Reschedule it instead.',
      code: 'appointments.booked_that_day',
    });
    for (const date of ['2030-02-30', 'tomorrow', 5]) {
      const res = await join(first, date);
      expect(res.statusCode, String(date)).toBe(400);
      expect(res.json().error).toContain('date');
    }
    expect(
      (await t.request({ method: 'POST', url: '/bureau/worker/waitlist', payload: { userId: first.userId, date: DATE } })).statusCode,
    ).toBe(401);
  });

  it('under a lowered capacity a freed seat below it is no free seat while the others still fill it: no offer, no booking (decision 0032)', async () => {
    const ids = await fillDay(t, at('09:00'));
    // 11:00 was booked twice when the capacity was 2; it is 1 now (the default), and both bookings stay.
    const slot = at('11:00');
    await db()
      .insertInto('appointments')
      .values(makeAppointment(makeLineUser().userId, slot, { seat: 2 }))
      .execute();
    await join(first);
    expect((await cancelAsStaff(t, ids.get(slot)!, 'Moved away')).statusCode).toBe(200);
    // Seat 1 is free by number, but seat 2 still fills the capacity: nobody is offered it, nobody books it.
    expect((await book(outsider, slot)).json()).toMatchObject({ code: 'appointments.slot_taken' });
    expect((await book(first, slot)).json()).toMatchObject({ code: 'appointments.slot_taken' });
    const booked = await db()
      .selectFrom('appointments')
      .select('seat')
      .where('starts_at', '=', slot)
      .where('status', '=', 'booked')
      .execute();
    expect(booked.map((r) => r.seat)).toEqual([2]);
    await t.ctx.jobs.settle();
    expect(offers(first)).toEqual([]);
    const entry = await db()
      .selectFrom('appointment_waitlist')
      .select('status')
      .where('line_user_id', '=', first.userId)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('waiting');
  });

  it('a freed slot is offered to the first in line by LINE and held for them; unused, it passes to the next', async () => {
    const ids = await fillDay(t, at('09:00'));
    await join(first);
    t.clock.advance(1000);
    await join(second);
    const freed = at('11:00');
    const cancel = await cancelAsStaff(t, ids.get(freed)!, 'Moved away');
    expect(cancel.statusCode).toBe(200);
    await vi.waitFor(() => expect(offers(first)).toHaveLength(1), { timeout: 10_000 });
    expect(offers(first)[0]!.messages[0]!.text).toContain(`?slot=${encodeURIComponent(new Date(freed).toISOString())}`);
    expect(offers(second)).toHaveLength(0);
    // Held: someone else cannot take it, and availability does not offer it.
    expect((await book(outsider, freed)).json().code).toBe('appointments.slot_taken');
    const day = (await t.request({ url: '/bureau/worker/availability?days=21' }))
      .json()
      .days.find((d: { date: string }) => d.date === DATE);
    expect(day).toMatchObject({ full: true, slots: [] });
    expect((await t.ctx.jobs.stats()).byName[EXPIRE_WAITLIST_OFFER]?.queued).toBe(1);

    if (dialect === 'sqlite') {
      // 30 minutes later the offer expires (the job, by ctx.now on SQLite) and the next in line gets it.
      t.clock.advance(31 * 60_000);
      await t.ctx.jobs.settle();
      await vi.waitFor(() => expect(offers(second)).toHaveLength(1), { timeout: 10_000 });
      expect((await book(first, freed)).json().code).toBe('appointments.slot_taken');
      const booked = await book(second, freed);
      expect(booked.statusCode).toBe(200);
      const entry = await db()
        .selectFrom('appointment_waitlist')
        .selectAll()
        .where('line_user_id', '=', second.userId)
        .executeTakeFirstOrThrow();
      expect(entry.status).toBe('booked');
    } else {
      // The one offered books it.
      expect((await book(first, freed)).statusCode).toBe(200);
      const entry = await db()
        .selectFrom('appointment_waitlist')
        .selectAll()
        .where('line_user_id', '=', first.userId)
        .executeTakeFirstOrThrow();
      expect(entry.status).toBe('booked');
    }
  });

  it('the seat is held and its expiry queued in one commit: when the job cannot be stored, the cancel changes nothing (decision 0041)', async () => {
    const ids = await fillDay(t, at('09:00'));
    await join(first);
    // An expiry of no entry, far ahead (on PostgreSQL it installs pg-boss's tables); the job of a missing entry does nothing.
    await t.ctx.jobs.enqueue(EXPIRE_WAITLIST_OFFER, { entryId: -1 }, { runAt: t.clock.now() + 30 * 24 * 3_600_000 });
    await refuseNewJobs(t);
    const freed = at('11:00');
    const before = await rowsAt(freed);
    const cancel = await cancelAsStaff(t, ids.get(freed)!, 'Moved away');
    expect(cancel.statusCode).toBe(500);
    // Still booked by its owner, no hold, the waiter still waiting and not told of a seat.
    expect(await rowsAt(freed)).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ held_until: null })]);
    expect((await join(first)).json().entry).toMatchObject({ status: 'waiting', position: 1 });
    expect(offers(first)).toHaveLength(0);
    expect((await t.ctx.jobs.stats()).byName[EXPIRE_WAITLIST_OFFER]?.queued).toBe(1);
  });

  /** Fills the day, puts `first` on its waitlist and has staff cancel the 11:00 booking. */
  async function freeSlotFor(waiter: { userId: string; displayName: string }, alsoAtOnce: () => Promise<unknown>[] = () => []) {
    const ids = await fillDay(t, at('09:00'));
    await join(waiter);
    const freed = at('11:00');
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const [cancel, ...others] = await Promise.all([
      t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${ids.get(freed)}/cancel`,
        cookie,
        payload: { reason: 'Moved' },
      }),
      ...alsoAtOnce(),
    ]);
    expect(cancel.statusCode).toBe(200);
    return { freed, others };
  }
  const rowsAt = (startsAt: number) =>
    db()
      .selectFrom('appointments')
      .select(['line_user_id', 'seat', 'held_until'])
      .where('starts_at', '=', startsAt)
      .where('status', '=', 'booked')
      .execute();

  it('the hold is a seat row under the unique index: a writer that read the seat as free cannot insert it', async () => {
    const { freed } = await freeSlotFor(first);
    const rows = await rowsAt(freed);
    expect(rows).toEqual([{ line_user_id: first.userId, seat: 1, held_until: expect.any(Number) }]);
    // As another process whose read came before the offer would write: the database refuses it.
    const stale = db()
      .insertInto('appointments')
      .values(makeAppointment(outsider.userId, freed, { seat: 1 }))
      .execute();
    await expect(stale).rejects.toSatisfy(isUniqueViolation);
    // The hold names no booking: not in the offered person's list, not in the staff day.
    const mine = await t.request({ url: `/bureau/worker/my-appointments?userId=${first.userId}`, token: t.signInLine(first) });
    expect(mine.json().upcoming).toEqual([]);
  });

  it('race: during the hold, 2N others and the one offered book at once: only the one offered gets it', async () => {
    const { freed } = await freeSlotFor(first);
    const racers = Array.from({ length: 10 }, () => makeLineUser());
    const answers = await Promise.all([...racers.map((r) => book(r, freed)), book(first, freed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([...racers.map(() => 409), 200]);
    expect(answers.slice(0, -1).every((a) => a.json().code === 'appointments.slot_taken')).toBe(true);
    expect(await rowsAt(freed)).toEqual([{ line_user_id: first.userId, seat: 1, held_until: null }]);
  });

  it('race: a seat freed while someone waits is theirs: freed (staff cancel, own cancel, moved away) with bookers at once, every booker gets 409', async () => {
    // Issue 15 item 6: the hold is taken in the transaction that frees the seat, so a booker racing
    // the cancellation never sees the seat free and the first in line is not skipped. Each round
    // frees one slot of the full day by one of the three requests that free seats.
    const ids = await fillDay(t, at('09:00'));
    const waiters = [makeLineUser(), makeLineUser(), makeLineUser()];
    for (const w of waiters) {
      await join(w);
      t.clock.advance(1000);
    }
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const ownerOf = async (id: number) => {
      const row = await db().selectFrom('appointments').select('line_user_id').where('id', '=', id).executeTakeFirstOrThrow();
      return { userId: row.line_user_id, displayName: 'Owner' };
    };
    const frees = [
      (id: number) =>
        t.request({ method: 'POST', url: `/bureau/worker/staff/appointments/${id}/cancel`, cookie, payload: { reason: 'Moved' } }),
      async (id: number) => {
        const owner = await ownerOf(id);
        return t.request({
          method: 'POST',
          url: '/bureau/worker/cancel-appointment',
          token: t.signInLine(owner),
          payload: { userId: owner.userId, id },
        });
      },
      async (id: number) => {
        const owner = await ownerOf(id);
        return t.request({
          method: 'POST',
          url: '/bureau/worker/create-appointment',
          token: t.signInLine(owner),
          // Tuesday 09:00: moved away to a day with free times.
          payload: { userId: owner.userId, datetime: new Date(at('09:00') + 86_400_000).toISOString(), topic: null, reschedule_id: id },
        });
      },
    ];
    for (const [i, waiter] of waiters.entries()) {
      const freed = at('11:00') + i * 30 * 60_000;
      const racers = Array.from({ length: 12 }, () => makeLineUser());
      // The bookers start one event-loop turn after another, so some land between the freeing
      // request's statements on SQLite as well (on PostgreSQL they interleave anyway).
      const turns = (n: number): Promise<void> =>
        n === 0 ? Promise.resolve() : new Promise((r) => setImmediate(r)).then(() => turns(n - 1));
      const [freeing, ...answers] = await Promise.all([
        frees[i]!(ids.get(freed)!),
        ...racers.map((r, k) => turns(k * 4).then(() => book(r, freed))),
      ]);
      expect(freeing.statusCode, `round ${i}`).toBe(200);
      expect(
        answers.map((a) => a.json().code),
        `round ${i}`,
      ).toEqual(racers.map(() => 'appointments.slot_taken'));
      expect(await rowsAt(freed), `round ${i}`).toEqual([{ line_user_id: waiter.userId, seat: 1, held_until: expect.any(Number) }]);
      const entry = await db()
        .selectFrom('appointment_waitlist')
        .select(['status', 'offered_start'])
        .where('line_user_id', '=', waiter.userId)
        .executeTakeFirstOrThrow();
      expect(entry, `round ${i}`).toEqual({ status: 'offered', offered_start: freed });
      await vi.waitFor(() => expect(offers(waiter)).toHaveLength(1), { timeout: 10_000 });
    }
    // The first in line was offered the first seat freed, and so on: no one was offered twice.
    expect((await t.ctx.jobs.stats()).byName[EXPIRE_WAITLIST_OFFER]?.queued).toBe(3);
  });
  const entryOf = (user: { userId: string }) =>
    db()
      .selectFrom('appointment_waitlist')
      .select(['id', 'status', 'offered_start', 'offer_expires_at'])
      .where('line_user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
  /** The expiry job of `user`'s offer, run now through the queue (its own scheduled run may come too). */
  const runExpiry = async (user: { userId: string }) => {
    await t.ctx.jobs.enqueue(EXPIRE_WAITLIST_OFFER, { entryId: (await entryOf(user)).id });
    await t.ctx.jobs.settle();
  };

  it('an offer past its time before its job has run: bookers needing the seat pass it to the next in line, offered once', async () => {
    const { freed } = await freeSlotFor(first);
    t.clock.advance(1000);
    await join(second);
    await vi.waitFor(() => expect(offers(first)).toHaveLength(1), { timeout: 10_000 });
    // The hold's time is over; its expiry job has not run yet (the bookers come first).
    t.clock.advance(31 * 60_000);
    const racers = Array.from({ length: 10 }, () => makeLineUser());
    const answers = await Promise.all(racers.map((r) => book(r, freed)));
    expect(answers.map((a) => a.json().code)).toEqual(racers.map(() => 'appointments.slot_taken'));
    expect(await rowsAt(freed)).toEqual([{ line_user_id: second.userId, seat: 1, held_until: expect.any(Number) }]);
    expect(await entryOf(first)).toMatchObject({ status: 'expired' });
    expect(await entryOf(second)).toMatchObject({ status: 'offered', offered_start: freed });
    await vi.waitFor(() => expect(offers(second)).toHaveLength(1), { timeout: 10_000 });
    // The expiry job, when it runs, finds it done: no second offer, the hold stays.
    await runExpiry(first);
    expect(offers(second)).toHaveLength(1);
    expect(offers(first)).toHaveLength(1);
    expect(await rowsAt(freed)).toEqual([{ line_user_id: second.userId, seat: 1, held_until: expect.any(Number) }]);
    expect(await entryOf(second)).toMatchObject({ status: 'offered', offered_start: freed });
  });

  it('race: the one offered books as the offer expires, with its expiry job at once: booked with the entry booked, or too late with the next in line offered, once', async () => {
    const ids = await fillDay(t, at('09:00'));
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const start = t.clock.now();
    const turns = (n: number): Promise<void> =>
      n === 0 ? Promise.resolve() : new Promise((r) => setImmediate(r)).then(() => turns(n - 1));
    for (let round = 0; round < 16; round++) {
      const freed = at('09:00') + round * 30 * 60_000;
      const [offered, next] = [makeLineUser(), makeLineUser()];
      t.clock.set(start + round * 2000);
      await join(offered);
      t.clock.advance(1000);
      await join(next);
      const cancel = await t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${ids.get(freed)}/cancel`,
        cookie,
        payload: { reason: 'Moved' },
      });
      expect(cancel.statusCode).toBe(200);
      const { id: entryId, offer_expires_at: expiresAt } = await entryOf(offered);
      // The booking starts a moment before the offer ends; some event-loop turns later (more each
      // round) the clock reaches the end and the expiry job runs, while the booking is on its way.
      // On PostgreSQL the old code left the entry 'expired' beside the booking; on SQLite that
      // interleaving did not show in-process.
      t.clock.set(expiresAt! - 1);
      const [answer] = await Promise.all([
        book(offered, freed),
        turns(round).then(async () => {
          t.clock.set(expiresAt!);
          await t.ctx.jobs.enqueue(EXPIRE_WAITLIST_OFFER, { entryId });
          await t.ctx.jobs.settle();
        }),
      ]);
      await t.ctx.jobs.settle();
      const seen = {
        answer: answer!.statusCode === 200 ? 'booked' : answer!.json().code,
        offered: (await entryOf(offered)).status,
        next: (await entryOf(next)).status,
        holders: (await rowsAt(freed)).map((r) => [r.line_user_id, r.held_until === null ? 'booking' : 'hold']),
      };
      expect(seen, `round ${round}`).toEqual(
        seen.answer === 'booked'
          ? { answer: 'booked', offered: 'booked', next: 'waiting', holders: [[offered.userId, 'booking']] }
          : { answer: 'appointments.slot_taken', offered: 'expired', next: 'offered', holders: [[next.userId, 'hold']] },
      );
      await vi.waitFor(() => expect(offers(next), `round ${round}`).toHaveLength(seen.answer === 'booked' ? 0 : 1), { timeout: 10_000 });
      // The next round starts from a full day with nobody waiting.
      await db().deleteFrom('appointment_waitlist').where('line_user_id', '=', next.userId).execute();
      await db().deleteFrom('appointments').where('starts_at', '=', freed).where('held_until', 'is not', null).execute();
      if (seen.answer !== 'booked') await db().insertInto('appointments').values(makeAppointment(makeLineUser().userId, freed)).execute();
    }
  });
});
