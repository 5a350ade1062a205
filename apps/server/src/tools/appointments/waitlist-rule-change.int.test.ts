import { demoPerson } from '@guildhall/testkit';
import { makeBookingSettings, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { type KyselyPlugin, type QueryId, TableNode, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import type { AppointmentsTables } from './appointments-tables';
import { bangkokDateOf, mondayAfterNextAt } from './appointments-test-times';
import { buildAppointmentsStaffTestApp, waitlistEntryOf } from './appointments-test-app';
import { type AppointmentsDeps, makeAppointmentsDeps } from './appointments-deps';
import { cancelBooking } from './cancel-booking';
import { createAppointment } from './create-appointment';
import { saveBookingSettings } from './save-booking-settings';
import { EXPIRE_WAITLIST_OFFER, joinWaitlist } from './waitlist';

/**
 * A plugin that holds the `nth` read of `table` (a select; the first by default) open once it has run,
 * until `go()`: `reached` resolves when it is held. Inside a transaction, the transaction stays open meanwhile.
 */
function holdAfterFirstRead(table: string, nth = 1) {
  let target: QueryId | undefined;
  let seen = 0;
  let reach = () => {};
  let go = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (go = resolve));
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const reads = node.kind === 'SelectQueryNode' && node.from?.froms.some((f) => TableNode.is(f) && f.table.identifier.name === table);
      if (!target && reads && ++seen === nth) target = queryId;
      return node;
    },
    async transformResult({ queryId, result }) {
      if (queryId === target) {
        reach();
        await released;
      }
      return result;
    },
  };
  return { plugin, reached, go };
}

const at = (hhmm: string) => Date.parse(mondayAfterNextAt(hhmm));
const DATE = bangkokDateOf(mondayAfterNextAt('09:00'));
/** A one-off day of two 5-minute slots (09:00, 09:05), one seat each. */
const TINY_DAY = makeBookingSettings({
  slotMinutes: 5,
  capacity: 1,
  exceptions: [{ date: DATE, hours: { opens: '09:00', closes: '09:10', breaks: [] } }],
});

describe.each(DIALECTS)('issue 15 item 6: seats that open when staff change the rules go to the waitlist first, on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const save = (settings: object) => t.request({ method: 'PUT', url: '/bureau/worker/staff/settings', cookie: staff, payload: settings });
  const book = (user: { userId: string; displayName: string }, startsAt: number) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(user),
      payload: { userId: user.userId, datetime: new Date(startsAt).toISOString(), topic: null, reschedule_id: null },
    });
  const join = (user: { userId: string; displayName: string }) =>
    t.request({ method: 'POST', url: '/bureau/worker/waitlist', token: t.signInLine(user), payload: { userId: user.userId, date: DATE } });
  const entryOf = (user: { userId: string }) => waitlistEntryOf(t, user);
  const holdersAt = (startsAt: number) =>
    db()
      .selectFrom('appointments')
      .select(['line_user_id', 'seat', 'held_until'])
      .where('starts_at', '=', startsAt)
      .where('status', '=', 'booked')
      .orderBy('seat')
      .execute();
  const offers = (user: { userId: string }) =>
    t.line!.pushes.filter((p) => p.to === user.userId && p.messages[0]?.text?.startsWith('A time is free'));

  /** The tiny day, both of its slots booked by others, and `waiters` on its waitlist in order. */
  async function fullDayWith(...waiters: Array<{ userId: string; displayName: string }>) {
    expect((await save(TINY_DAY)).statusCode).toBe(200);
    for (const hhmm of ['09:00', '09:05']) expect((await book(makeLineUser(), at(hhmm))).statusCode).toBe(200);
    for (const [i, w] of waiters.entries()) {
      expect((await join(w)).json().entry).toMatchObject({ status: 'waiting', position: i + 1 });
      t.clock.advance(1000);
    }
  }

  it('raised capacity: each new seat is held for the next in line, earliest slot first, and offered by LINE', async () => {
    const [first, second, outsider] = [makeLineUser(), makeLineUser(), makeLineUser()];
    await fullDayWith(first, second);
    expect((await save({ ...TINY_DAY, capacity: 2 })).statusCode).toBe(200);

    expect(await entryOf(first)).toEqual({ status: 'offered', offered_start: at('09:00') });
    expect(await entryOf(second)).toEqual({ status: 'offered', offered_start: at('09:05') });
    expect((await holdersAt(at('09:00')))[1]).toEqual({ line_user_id: first.userId, seat: 2, held_until: expect.any(Number) });
    expect((await holdersAt(at('09:05')))[1]).toEqual({ line_user_id: second.userId, seat: 2, held_until: expect.any(Number) });
    await vi.waitFor(() => expect([offers(first).length, offers(second).length]).toEqual([1, 1]), { timeout: 10_000 });
    expect((await t.ctx.jobs.stats()).byName[EXPIRE_WAITLIST_OFFER]?.queued).toBe(2);
    // Nobody who came later takes the new seats; the day is still full, so they may wait in turn.
    for (const hhmm of ['09:00', '09:05']) expect((await book(outsider, at(hhmm))).json().code).toBe('appointments.slot_taken');
    expect((await join(outsider)).json().entry).toMatchObject({ status: 'waiting', position: 1 });
    // The ones offered book their seats.
    expect((await book(first, at('09:00'))).statusCode).toBe(200);
    expect(await entryOf(first)).toMatchObject({ status: 'booked' });
  });

  it('raised capacity with fewer people waiting than new seats: the rest are free to anyone', async () => {
    const [first, outsider] = [makeLineUser(), makeLineUser()];
    await fullDayWith(first);
    expect((await save({ ...TINY_DAY, capacity: 2 })).statusCode).toBe(200);
    expect(await entryOf(first)).toEqual({ status: 'offered', offered_start: at('09:00') });
    expect((await book(outsider, at('09:00'))).json().code).toBe('appointments.slot_taken');
    expect((await book(outsider, at('09:05'))).statusCode).toBe(200);
  });

  it('added opening hours: the new slot is held for the first in line', async () => {
    const [first, second, outsider] = [makeLineUser(), makeLineUser(), makeLineUser()];
    await fullDayWith(first, second);
    const longer = { ...TINY_DAY, exceptions: [{ date: DATE, hours: { opens: '09:00', closes: '09:15', breaks: [] } }] };
    expect((await save(longer)).statusCode).toBe(200);
    expect(await entryOf(first)).toEqual({ status: 'offered', offered_start: at('09:10') });
    expect(await entryOf(second)).toEqual({ status: 'waiting', offered_start: null });
    expect(await holdersAt(at('09:10'))).toEqual([{ line_user_id: first.userId, seat: 1, held_until: expect.any(Number) }]);
    expect((await book(outsider, at('09:10'))).json().code).toBe('appointments.slot_taken');
    // Saving the same rules again offers nothing more: no seat is free.
    expect((await save(longer)).statusCode).toBe(200);
    expect(await entryOf(second)).toEqual({ status: 'waiting', offered_start: null });
  });

  describe('decision 0055: staff close a day people wait for', () => {
    const NEXT_DAY = bangkokDateOf(mondayAfterNextAt('09:00', 1));
    const tiny = { opens: '09:00', closes: '09:10', breaks: [] };
    /** TINY_DAY's rules with `hours` on DATE (null: closed) and the tiny plan on the next day too. */
    const withDate = (hours: typeof tiny | null) => ({
      ...TINY_DAY,
      exceptions: [
        { date: DATE, hours },
        { date: NEXT_DAY, hours: tiny },
      ],
    });
    const toldClosed = (user: { userId: string }) =>
      t.line!.pushes.filter((p) => p.to === user.userId && p.messages[0]?.text?.startsWith('The office is now closed on'));

    it('their places end, a seat held for an offer there is let go, and each is told by LINE; another day waits on', async () => {
      const [offered, waiting, other] = [makeLineUser(), makeLineUser(), makeLineUser()];
      await fullDayWith(offered, waiting);
      // The next day full too, with someone waiting for it.
      expect((await save(withDate(tiny))).statusCode).toBe(200);
      for (const hhmm of ['09:00', '09:05'])
        expect((await book(makeLineUser(), Date.parse(mondayAfterNextAt(hhmm, 1)))).statusCode).toBe(200);
      const joinNextDay = await t.request({
        method: 'POST',
        url: '/bureau/worker/waitlist',
        token: t.signInLine(other),
        payload: { userId: other.userId, date: NEXT_DAY },
      });
      expect(joinNextDay.json().entry).toMatchObject({ status: 'waiting', position: 1 });
      // A longer DATE: its new 09:10 seat is held for the first in line.
      expect((await save(withDate({ ...tiny, closes: '09:15' }))).statusCode).toBe(200);
      expect(await entryOf(offered)).toEqual({ status: 'offered', offered_start: at('09:10') });

      const closing = await save(withDate(null));
      expect(closing.statusCode).toBe(200);
      // Staff read what the save closed: two bookings stay on DATE (the hold is not one), two places ended.
      expect(closing.json().closedDays).toEqual([{ date: DATE, bookings: 2, waitlistEnded: 2 }]);

      expect(await entryOf(offered)).toEqual({ status: 'expired', offered_start: at('09:10') });
      expect(await entryOf(waiting)).toEqual({ status: 'expired', offered_start: null });
      expect(await holdersAt(at('09:10'))).toEqual([]);
      expect(await entryOf(other)).toEqual({ status: 'waiting', offered_start: null });
      await vi.waitFor(() => expect([toldClosed(offered).length, toldClosed(waiting).length]).toEqual([1, 1]), { timeout: 10_000 });
      expect(toldClosed(waiting)[0]!.messages[0]!.text).toMatch(
        /^The office is now closed on Mon \d{1,2} [A-Z][a-z]{2} \d{4}, so the waitlist for that day has ended and you are no longer on it\. Please choose another day: http\S+\/bureau\/appointment$/,
      );
      expect(toldClosed(other)).toEqual([]);
      // Saving the same rules again closes nothing new and ends no place.
      expect((await save(withDate(null))).json().closedDays).toEqual([]);
      // While it stays closed, joining it is refused in words.
      const refused = await join(waiting);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(`There are no times to wait for on ${DATE}.`);
    });

    it('reopened, the day is full again and they may join again, at the back of the line', async () => {
      const [first, second] = [makeLineUser(), makeLineUser()];
      await fullDayWith(first, second);
      expect((await save({ ...TINY_DAY, exceptions: [{ date: DATE, hours: null }] })).statusCode).toBe(200);
      expect(await entryOf(first)).toEqual({ status: 'expired', offered_start: null });
      expect((await save(TINY_DAY)).statusCode).toBe(200);
      expect((await join(second)).json().entry).toMatchObject({ status: 'waiting', position: 1 });
      t.clock.advance(1000);
      expect((await join(first)).json().entry).toMatchObject({ status: 'waiting', position: 2 });
    });
  });

  describe('race: joining the waitlist while a save or a cancel opens seats (decision 0032)', () => {
    const joiner = makeLineUser();
    const settled = (work: Promise<unknown>) =>
      work.then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      );
    /** The appointments services on their own deps, `db` with `plugin` (the app's LINE is not needed). */
    const depsWith = (plugin?: KyselyPlugin): AppointmentsDeps => {
      const line = { baseUrl: '', channelId: null, channelToken: null, timeoutMs: 1000, mock: false };
      const deps = makeAppointmentsDeps(t.ctx, line, t.app.log);
      return plugin ? { ...deps, db: deps.db.withPlugin(plugin) } : deps;
    };
    const saveCapacity2 = (deps: AppointmentsDeps) =>
      saveBookingSettings(deps, { discordId: demoPerson('staff').discord.id }, { ...TINY_DAY, capacity: 2 });
    /**
     * Until `work` has settled or, on PostgreSQL, a session waits for a lock (a lock held by the other
     * side). SQLite shows no wait: a transaction there holds the one connection, so give `work` a moment.
     */
    async function untilDoneOrWaiting(work: Promise<unknown>) {
      let done = false;
      void work.finally(() => (done = true)).catch(() => {});
      const waiting = async () =>
        dialect === 'postgres' &&
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db())
        ).rows[0]!.n > 0;
      const deadline = Date.now() + (dialect === 'postgres' ? 10_000 : 300);
      while (!done && Date.now() < deadline && !(await waiting())) await new Promise((r) => setTimeout(r, 10));
    }

    it('the joiner read the day full before the save: the save sees them in line and offers them the new seat', async () => {
      await fullDayWith();
      const hold = holdAfterFirstRead('appointments');
      const joining = settled(joinWaitlist(depsWith(hold.plugin), joiner.userId, DATE));
      await hold.reached;
      const saving = settled(saveCapacity2(depsWith()));
      await untilDoneOrWaiting(saving);
      hold.go();
      expect([await joining, await saving]).toEqual(['ok', 'ok']);
      expect(await entryOf(joiner)).toEqual({ status: 'offered', offered_start: at('09:00') });
    });

    it('the save read who waits before the joiner: the joiner sees the new seat and is told to book it', async () => {
      await fullDayWith();
      const hold = holdAfterFirstRead('appointment_waitlist');
      const saving = settled(saveCapacity2(depsWith(hold.plugin)));
      await hold.reached;
      const joining = settled(joinWaitlist(depsWith(), joiner.userId, DATE));
      await untilDoneOrWaiting(joining);
      hold.go();
      expect([await joining, await saving]).toEqual(['appointments.day_not_full', 'ok']);
      expect(await holdersAt(at('09:00'))).toHaveLength(1);
    });

    it('a cancel that frees a seat while someone joins: the joiner read the day full, and is offered the freed seat', async () => {
      await fullDayWith();
      const [booked] = await db().selectFrom('appointments').select('id').where('starts_at', '=', at('09:00')).execute();
      const hold = holdAfterFirstRead('appointments');
      const joining = settled(joinWaitlist(depsWith(hold.plugin), joiner.userId, DATE));
      await hold.reached;
      const cancelling = settled(cancelBooking(depsWith(), booked!.id, { cancelled_by: 'staff' }));
      await untilDoneOrWaiting(cancelling);
      hold.go();
      expect([await joining, await cancelling]).toEqual(['ok', 'ok']);
      // It was left waiting beside the free seat: the cancel had found nobody in line.
      expect(await entryOf(joiner)).toEqual({ status: 'offered', offered_start: at('09:00') });
    });
    it('a staff cancel while its person reschedules the booking: one after the other (PostgreSQL ended one as a deadlock, a 500)', async () => {
      const mover = makeLineUser();
      await save(TINY_DAY);
      expect((await book(mover, at('09:00'))).statusCode).toBe(200);
      const [booking] = await db().selectFrom('appointments').select('id').where('line_user_id', '=', mover.userId).execute();
      // The reschedule's second read of appointments is its seat count, inside its claim: the lock is held.
      const hold = holdAfterFirstRead('appointments', 2);
      const moving = settled(
        createAppointment(
          depsWith(hold.plugin),
          { userId: mover.userId, name: mover.displayName },
          { userId: mover.userId, datetime: new Date(at('09:05')).toISOString(), topic: null, reschedule_id: booking!.id },
        ),
      );
      await hold.reached;
      const cancelling = settled(cancelBooking(depsWith(), booking!.id, { cancelled_by: 'staff' }));
      await untilDoneOrWaiting(cancelling);
      hold.go();
      expect([await moving, await cancelling]).toEqual(['ok', 'ok']);
      // The cancel came second and cancelled the booking where the move had put it.
      expect(
        await db().selectFrom('appointments').select(['status', 'starts_at']).where('id', '=', booking!.id).executeTakeFirst(),
      ).toEqual({
        status: 'cancelled',
        starts_at: at('09:05'),
      });
    });
  });

  it('race: bookers at once with the save all get 409: the rules and the holds commit together', async () => {
    const [first, second] = [makeLineUser(), makeLineUser()];
    await fullDayWith(first, second);
    const racers = Array.from({ length: 12 }, () => makeLineUser());
    // One event-loop turn after another, so some bookers land between the save's statements.
    const turns = (n: number): Promise<void> =>
      n === 0 ? Promise.resolve() : new Promise((r) => setImmediate(r)).then(() => turns(n - 1));
    const [saved, ...answers] = await Promise.all([
      save({ ...TINY_DAY, capacity: 2 }),
      ...racers.map((r, k) => turns(k * 4).then(() => book(r, at(k % 2 === 0 ? '09:00' : '09:05')))),
    ]);
    expect(saved.statusCode).toBe(200);
    expect(answers.map((a) => a.json().code)).toEqual(racers.map(() => 'appointments.slot_taken'));
    expect((await holdersAt(at('09:00')))[1]).toMatchObject({ line_user_id: first.userId, seat: 2 });
    expect((await holdersAt(at('09:05')))[1]).toMatchObject({ line_user_id: second.userId, seat: 2 });
  });
});
