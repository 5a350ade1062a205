import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { z } from 'zod';
import type { WaitlistAnswer } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import { type AppointmentsDb, newBookingRow } from './appointments-tables';
import { type BookingRules, checkBookableSlot, dayRange, localDayOf, slotStartsOn } from './booking-rules';
import { formatSlotDay, formatSlotTime } from './format-slot-time';
import { loadBookingRules } from './load-booking-rules';
import { lockWaitlist } from './lock-waitlist';
import { notifyLineUser } from './notify-line-user';
import { freeSeat, overlapping, seatsInUse } from './seats-in-use';

// Issue 15 item 6: the waitlist of a full day. When a slot of that day frees, the first person
// waiting is offered it by LINE push and it is held for them (APPOINTMENT_WAITLIST_OFFER_MINUTES):
// the hold is a seat row under the slot's unique index (claim-seats.ts), so others cannot book it
// meanwhile, whatever they read. The seat is held in the transaction that frees it (passSeatToWaitlist),
// or that saves the staff rules opening it (passOpenedSeatsToWaitlist).
// Unused, the offer expires (a durable job) and the next in line is offered it.

export const EXPIRE_WAITLIST_OFFER = 'appointments.expire-waitlist-offer';
export const ExpireOfferPayload = z.object({ entryId: z.number().int() });

type Deps = AppointmentsDeps;

async function position(deps: Pick<Deps, 'db'>, entry: { id: number; date: string; created_at: number }): Promise<number> {
  const ahead = await deps.db
    .selectFrom('appointment_waitlist')
    .select('id')
    .where('date', '=', entry.date)
    .where('status', '=', 'waiting')
    .where((eb) =>
      eb.or([eb('created_at', '<', entry.created_at), eb.and([eb('created_at', '=', entry.created_at), eb('id', '<=', entry.id)])]),
    )
    .execute();
  return ahead.length;
}

/** Midday of `date` (YYYY-MM-DD) in `timeZone`: an instant inside that local day whatever its length. */
const middayOf = (date: string, timeZone: string) => dayRange(date, timeZone).from + 12 * 3_600_000;

/** The slot starts of `date` (YYYY-MM-DD) under `rules`; none on a closed day. */
const startsOnDate = (rules: BookingRules, date: string) => slotStartsOn(rules, localDayOf(middayOf(date, rules.timeZone), rules.timeZone));

/** The slot starts of `date` (YYYY-MM-DD) that may still be booked now: past the minimum notice, within the horizon. */
function bookableStartsOn(rules: BookingRules, date: string, now: number): number[] {
  return startsOnDate(rules, date).filter((s) => s > now + rules.minNoticeMinutes * 60_000 && s - now <= rules.maxDaysAhead * 86_400_000);
}

/**
 * POST /bureau/worker/waitlist: join a day's waitlist, only when the day is full (else book a free time).
 * The check and the joining are one transaction under lockWaitlist, the lock a staff save takes to
 * hand out the seats its rules open (passOpenedSeatsToWaitlist): the joiner reads the rules after
 * that save has committed, or the save reads the joiner in line (decision 0032).
 */
export async function joinWaitlist(deps: Deps, lineUserId: string, date: string): Promise<WaitlistAnswer> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockWaitlist(trx, deps.dialect);
    // Read in the transaction (on SQLite its one connection is busy during it), after the lock.
    const rules = await loadBookingRules({ ...deps, db: trx });
    const starts = bookableStartsOn(rules, date, now);
    if (starts.length === 0) throw new DomainError('invalid_input', `There are no times to wait for on ${date}.`);
    // Decision 0052: a booking fills its seat for its whole length, so count what overlaps each slot.
    const length = rules.slotMinutes * 60_000;
    const taken = await trx
      .selectFrom('appointments')
      .select(['starts_at', 'ends_at', 'seat'])
      .where('status', '=', 'booked')
      .where(overlapping(starts[0]!, starts[starts.length - 1]! + length))
      .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '>', now)]))
      .execute();
    if (starts.some((s) => seatsInUse(taken, s, s + length) < rules.capacity)) throw new DomainError('appointments.day_not_full');
    // Someone booked that day who waits too is offered the seat they free themselves by cancelling,
    // ahead of those waiting with nothing: one booking a day is theirs, and a move is a reschedule.
    const { from, to } = dayRange(date, rules.timeZone);
    const ownThatDay = await trx
      .selectFrom('appointments')
      .select('id')
      .where('line_user_id', '=', lineUserId)
      .where('status', '=', 'booked')
      .where('held_until', 'is', null)
      .where('starts_at', '>=', from)
      .where('starts_at', '<', to)
      .executeTakeFirst();
    if (ownThatDay) throw new DomainError('appointments.booked_that_day');
    // Already on it: an expired or used entry joins again at the back of the line; a waiting or
    // offered one stays as it is. One statement: a failed insert would end a PostgreSQL transaction.
    await trx
      .insertInto('appointment_waitlist')
      .values({
        line_user_id: lineUserId,
        date,
        status: 'waiting',
        offered_start: null,
        offer_expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['line_user_id', 'date'])
          .doUpdateSet({ status: 'waiting', offered_start: null, offer_expires_at: null, created_at: now, updated_at: now })
          .where('appointment_waitlist.status', 'in', ['expired', 'booked']),
      )
      .execute();
  });
  return readEntry(deps, lineUserId, date);
}

async function readEntry(deps: Pick<Deps, 'db'>, lineUserId: string, date: string): Promise<WaitlistAnswer> {
  const row = await deps.db
    .selectFrom('appointment_waitlist')
    .selectAll()
    .where('line_user_id', '=', lineUserId)
    .where('date', '=', date)
    .executeTakeFirstOrThrow();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    entry: {
      date: row.date,
      status: row.status,
      position: row.status === 'waiting' ? await position(deps, row) : null,
      offeredStart: iso(row.offered_start),
      offerExpiresAt: iso(row.offer_expires_at),
    },
  };
}

/**
 * The offered user books their held seat: their entry is done. Inside the booking's transaction, the
 * one that releases the hold, so the entry cannot be left 'offered' or 'expired' beside the booking
 * (an expiry racing the booking finds the hold gone and the entry booked, see passExpiredHold).
 */
export async function markWaitlistBooked(trx: AppointmentsDb, lineUserId: string, startsAt: number, now: number): Promise<void> {
  await trx
    .updateTable('appointment_waitlist')
    .set({ status: 'booked', updated_at: now })
    .where('line_user_id', '=', lineUserId)
    .where('status', 'in', ['offered', 'expired'])
    .where('offered_start', '=', startsAt)
    .execute();
}

/** A seat a transaction frees: a booking cancelled or moved away, or a hold given up. */
export type FreedSeat = { startsAt: number; seat: number };

/** A seat handed to the first in line, to announce once its transaction has committed. */
export type WaitlistOffer = { entryId: number; lineUserId: string; startsAt: number; expiresAt: number; timeZone: string };

/**
 * Issue 15 item 6: a seat of a full day is being freed in `trx`: in the same transaction, hold a
 * seat of that slot (the freed seat's number when it can) for the first person waiting on the day and
 * mark their entry offered. Freed and held in one commit, the seat is never free to anyone else's
 * booking in between (decision 0032), so the first in line is not skipped by a booker who came later.
 * Answers the offer for `announceWaitlistOffer` after commit, or null: nobody waiting, or the freed
 * start is no longer a slot anyone may book now (decision 0052: the day closed, the hours or the slot
 * length changed, too late for the notice), or the slot has no seat free for its whole length under
 * the rules in force (a lowered capacity, or bookings of another length overlapping it). What is not
 * a bookable slot is never offered: the person offered could not book it. `rules` are read before the
 * transaction: on SQLite its one connection is busy.
 */
export async function passSeatToWaitlist(
  deps: Pick<Deps, 'now' | 'waitlistOfferMinutes' | 'jobs'>,
  rules: BookingRules,
  trx: AppointmentsDb,
  freed: FreedSeat,
): Promise<WaitlistOffer | null> {
  // `trx` holds the waitlist's lock since before it freed the seat (cancelBooking, claimSeats for a
  // reschedule, passExpiredHold): a joiner who read the day full while this seat was still taken is in
  // line by now (joinWaitlist), and the seat counted free here is not booked before the hold is in.
  const now = deps.now();
  // Decision 0052: the slot the person offered books is checked by checkBookableSlot like any other
  // (create-appointment.ts), so offer only what passes it now, and only past the notice (as
  // bookableStartsOn): a hold on a closed day or off the grid would be a push for a time nobody can book.
  if (freed.startsAt <= now + rules.minNoticeMinutes * 60_000 || !checkBookableSlot(rules, freed.startsAt, now).ok) return null;
  const seat = await freeSeatOf(rules, trx, freed.startsAt, freed.seat);
  return seat === null ? null : holdForNextInLine(deps, rules, trx, freed.startsAt, seat);
}

/**
 * A seat of the slot at `startsAt` (under `rules`) free for its whole length, read in `trx`, or null.
 * Every booked row fills its seat (decision 0052: over its whole length), a hold past its time too:
 * its expiry job or the next booker passes that one on (passExpiredHold).
 */
async function freeSeatOf(rules: BookingRules, trx: AppointmentsDb, startsAt: number, prefer?: number): Promise<number | null> {
  const endsAt = startsAt + rules.slotMinutes * 60_000;
  const taken = await trx
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at', 'seat'])
    .where('status', '=', 'booked')
    .where(overlapping(startsAt, endsAt))
    .execute();
  // Decision 0032: under a lowered capacity the bookings above it stay and still count.
  return freeSeat(taken, startsAt, endsAt, rules.capacity, prefer);
}

/** Holds `seat` of the slot at `startsAt` for the first in line of its day; null when nobody waits. */
async function holdForNextInLine(
  deps: Pick<Deps, 'now' | 'waitlistOfferMinutes' | 'jobs'>,
  rules: BookingRules,
  trx: AppointmentsDb,
  startsAt: number,
  seat: number,
): Promise<WaitlistOffer | null> {
  const now = deps.now();
  const date = localDayOf(startsAt, rules.timeZone).date;
  const expiresAt = now + deps.waitlistOfferMinutes * 60_000;
  for (;;) {
    const next = await trx
      .selectFrom('appointment_waitlist')
      .select(['id', 'line_user_id'])
      .where('date', '=', date)
      .where('status', '=', 'waiting')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!next) return null;
    // Guarded by status: two transactions freeing seats at once never offer one entry twice (the
    // loser reads the line again, which no longer has that entry).
    const offered = await trx
      .updateTable('appointment_waitlist')
      .set({ status: 'offered', offered_start: startsAt, offer_expires_at: expiresAt, updated_at: now })
      .where('id', '=', next.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(offered.numUpdatedRows) === 0) continue;
    await trx
      .insertInto('appointments')
      .values({
        ...newBookingRow(next.line_user_id, startsAt, startsAt + rules.slotMinutes * 60_000, null, now, { seat, userSeat: null }),
        held_until: expiresAt,
      })
      .execute();
    // Decision 0041: the offer's expiry is queued in the commit that holds the seat, so a hold never
    // outlives its time for want of the job that passes it on.
    await deps.jobs.enqueue(
      EXPIRE_WAITLIST_OFFER,
      { entryId: next.id },
      { runAt: expiresAt, singletonKey: `waitlist-offer:${next.id}:${expiresAt}`, within: trx },
    );
    return { entryId: next.id, lineUserId: next.line_user_id, startsAt, expiresAt, timeZone: rules.timeZone };
  }
}

/**
 * Issue 15 item 6: staff saved new rules in `trx` (more seats per slot, longer hours, a shorter
 * notice): on each day people wait for, the seats now free are held for them in line, in the
 * transaction that saves the rules, exactly as a freed seat is (passSeatToWaitlist). The rules and
 * the holds commit together, so a new seat is never free to a booker who came later and the first in
 * line is not skipped (decision 0032). Earliest slot first, lowest seat first. `rules` are the new
 * ones, read in `trx`, which holds the waitlist's lock since its start (saveBookingSettings): a joiner
 * who read the old rules is in line by now (joinWaitlist). Answers the offers for
 * `announceWaitlistOffer` after commit.
 */
export async function passOpenedSeatsToWaitlist(
  deps: Pick<Deps, 'now' | 'waitlistOfferMinutes' | 'jobs'>,
  rules: BookingRules,
  trx: AppointmentsDb,
): Promise<WaitlistOffer[]> {
  const now = deps.now();
  const days = await trx
    .selectFrom('appointment_waitlist')
    .select('date')
    .distinct()
    .where('status', '=', 'waiting')
    .where('date', '>=', localDayOf(now, rules.timeZone).date)
    .orderBy('date')
    .execute();
  const offers: WaitlistOffer[] = [];
  for (const { date } of days) offers.push(...(await passOpenSeatsOfDay(deps, rules, trx, bookableStartsOn(rules, date, now))));
  return offers;
}

/** A place on a waitlist that ended because staff closed its day (decision 0055), to tell after commit. */
export type ClosedDayNotice = { lineUserId: string; date: string; timeZone: string };

/**
 * Decision 0055: staff saved rules (`rules`, read in `trx`) under which a day people wait for has no
 * times at all (a holiday, a closed weekday, a one-off closed day). Nobody can be offered anything
 * there any more, so each place ends ('expired', as a lapsed offer's; joining again is refused while
 * the day stays closed and works once it opens), a seat held for an offer that day is let go, and the
 * people are told after commit (announceClosedDay) instead of waiting in silence. In the save's
 * transaction, which holds the waitlist's lock since its start, so a join cannot slip in between the
 * read and the end.
 */
export async function endWaitlistsOfClosedDays(
  deps: Pick<Deps, 'now'>,
  rules: BookingRules,
  trx: AppointmentsDb,
): Promise<ClosedDayNotice[]> {
  const now = deps.now();
  const entries = await trx
    .selectFrom('appointment_waitlist')
    .select(['id', 'line_user_id', 'date', 'status', 'offered_start'])
    .where('status', 'in', ['waiting', 'offered'])
    .where('date', '>=', localDayOf(now, rules.timeZone).date)
    .execute();
  const notices: ClosedDayNotice[] = [];
  for (const entry of entries.filter((e) => startsOnDate(rules, e.date).length === 0)) {
    if (entry.status === 'offered' && entry.offered_start !== null)
      await trx
        .deleteFrom('appointments')
        .where('line_user_id', '=', entry.line_user_id)
        .where('starts_at', '=', entry.offered_start)
        .where('status', '=', 'booked')
        .where('held_until', 'is not', null)
        .execute();
    const ended = await trx
      .updateTable('appointment_waitlist')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', entry.id)
      .where('status', '=', entry.status)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) > 0) notices.push({ lineUserId: entry.line_user_id, date: entry.date, timeZone: rules.timeZone });
  }
  return notices;
}

/** After commit: tell someone whose waitlist place ended with its day's closing (decision 0055). */
export function announceClosedDay(deps: Deps, notice: ClosedDayNotice): void {
  const day = formatSlotDay(middayOf(notice.date, notice.timeZone), notice.timeZone);
  notifyLineUser(
    deps,
    notice.lineUserId,
    `The office is now closed on ${day}, so the waitlist for that day has ended and you are no longer on it. Please choose another day: ${bookingLink(deps)}`,
  );
}

/** One day of passOpenedSeatsToWaitlist: its free seats, until nobody waits for the day any more. */
async function passOpenSeatsOfDay(
  deps: Pick<Deps, 'now' | 'waitlistOfferMinutes' | 'jobs'>,
  rules: BookingRules,
  trx: AppointmentsDb,
  starts: number[],
): Promise<WaitlistOffer[]> {
  const offers: WaitlistOffer[] = [];
  for (const startsAt of starts) {
    // Read again after each hold: the hold fills a seat (decision 0052: for the slot's whole length).
    for (let seat = await freeSeatOf(rules, trx, startsAt); seat !== null; seat = await freeSeatOf(rules, trx, startsAt)) {
      const offer = await holdForNextInLine(deps, rules, trx, startsAt, seat);
      // The seat is free and bookable, so null means nobody waits for the day any more.
      if (!offer) return offers;
      offers.push(offer);
    }
  }
  return offers;
}

/** After commit: tell the person offered in LINE (its expiry was queued with the hold). */
export function announceWaitlistOffer(deps: Deps, offer: WaitlistOffer | null): void {
  if (!offer) return;
  const until = format(new TZDate(offer.expiresAt, offer.timeZone), 'HH:mm');
  const link = `${bookingLink(deps)}?slot=${encodeURIComponent(new Date(offer.startsAt).toISOString())}`;
  notifyLineUser(
    deps,
    offer.lineUserId,
    `A time is free on the day you are waiting for: ${formatSlotTime(offer.startsAt, offer.timeZone)}. It is held for you until ${until}. Book it here: ${link}`,
  );
}

/** The mini-app's address: its LIFF URL when one is set, else the page on this server. */
function bookingLink(deps: Pick<Deps, 'liffId' | 'publicUrl'>): string {
  return deps.liffId ? `https://liff.line.me/${deps.liffId}` : `${deps.publicUrl}/bureau/appointment`;
}

/** A seat held for a waitlist offer (a row with held_until set). */
export type HeldSeat = { id: number; lineUserId: string; startsAt: number; seat: number };

/**
 * Issue 15 item 6: a hold past its time is over, in `trx`: the hold goes, its entry expires and the
 * seat passes to the next in line (passSeatToWaitlist), in one commit. The expiry job does it, and so
 * does a booker who needs the seat before the job has run (claim-seats.ts), so the next in line is
 * not skipped. Whoever deletes the hold row does the rest; anyone else finds it gone and does
 * nothing, so the seat is offered once. Answers the offer to announce after commit, or null.
 */
export async function passExpiredHold(
  deps: Pick<Deps, 'now' | 'waitlistOfferMinutes' | 'jobs' | 'dialect'>,
  rules: BookingRules,
  trx: AppointmentsDb,
  hold: HeldSeat,
): Promise<WaitlistOffer | null> {
  // The waitlist's lock before this transaction writes an entry (expireEntry), so a join by the same
  // person, holding the lock, never waits on that row while this waits on the lock.
  await lockWaitlist(trx, deps.dialect);
  const now = deps.now();
  const gone = await trx
    .deleteFrom('appointments')
    .where('id', '=', hold.id)
    .where('held_until', 'is not', null)
    .where('held_until', '<=', now)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return null;
  await expireEntry(trx, hold.lineUserId, hold.startsAt, now);
  return passSeatToWaitlist(deps, rules, trx, { startsAt: hold.startsAt, seat: hold.seat });
}

async function expireEntry(trx: AppointmentsDb, lineUserId: string, offeredStart: number, now: number): Promise<void> {
  await trx
    .updateTable('appointment_waitlist')
    .set({ status: 'expired', updated_at: now })
    .where('line_user_id', '=', lineUserId)
    .where('status', '=', 'offered')
    .where('offered_start', '=', offeredStart)
    .execute();
}

/**
 * The expiry job: an offer still unused is over; the seat goes to the next in line. When a booker
 * passed the seat on already, or the person offered booked it, the hold is gone and the entry is
 * expired or booked: nothing is left to do.
 */
export async function expireWaitlistOffer(deps: Deps, entryId: number): Promise<void> {
  const now = deps.now();
  const entry = await deps.db.selectFrom('appointment_waitlist').selectAll().where('id', '=', entryId).executeTakeFirst();
  if (
    !entry ||
    entry.status !== 'offered' ||
    entry.offer_expires_at === null ||
    entry.offer_expires_at > now ||
    entry.offered_start === null
  )
    return;
  const offeredStart = entry.offered_start;
  const rules = await loadBookingRules(deps);
  const offer = await deps.db.transaction().execute(async (trx) => {
    const hold = await trx
      .selectFrom('appointments')
      .select(['id', 'seat'])
      .where('line_user_id', '=', entry.line_user_id)
      .where('starts_at', '=', offeredStart)
      .where('status', '=', 'booked')
      .where('held_until', 'is not', null)
      .executeTakeFirst();
    if (hold)
      return passExpiredHold(deps, rules, trx, { id: hold.id, lineUserId: entry.line_user_id, startsAt: offeredStart, seat: hold.seat });
    // No hold and still offered (a hold deleted by an older version): the offer is over all the same.
    await expireEntry(trx, entry.line_user_id, offeredStart, now);
    return null;
  });
  announceWaitlistOffer(deps, offer);
}

export function defineWaitlistJobs(deps: Deps): void {
  deps.jobs.define(EXPIRE_WAITLIST_OFFER, ExpireOfferPayload, async ({ entryId }) => expireWaitlistOffer(deps, entryId), {
    retryLimit: 3,
    retryDelaySeconds: 30,
  });
}
