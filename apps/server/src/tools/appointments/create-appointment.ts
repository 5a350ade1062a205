import { type CreateAppointmentAnswer, type CreateAppointmentInput } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import type { LineIdentity } from '@server/core/auth/line-id-token';
import type { AppointmentsDeps } from './appointments-deps';
import { type AppointmentsDb, newBookingRow } from './appointments-tables';
import { type BookingRules, checkBookableSlot } from './booking-rules';
import { bookingLink } from './booking-link';
import { claimSeats } from './claim-seats';
import { loadBookingRules } from './load-booking-rules';
import { formatSlotTime } from './format-slot-time';
import { notifyLineUser } from './notify-line-user';
import { publishAppointmentChange } from './publish-appointment-change';
import { queueReminders } from './send-reminder';
import { announceWaitlistOffer, passSeatToWaitlist } from './waitlist';
import { toAppointment } from './to-appointment';

/**
 * 001 §7 create-appointment: books the slot for the verified LINE user, or with reschedule_id moves
 * that user's active booking there. claimSeats settles races (decisions 0032, 0052): whoever claims
 * first gets the seat, for the slot's whole length; once the seats are gone everyone else gets
 * `appointments.slot_taken` (409), and nothing else is written.
 */
export async function createAppointment(
  deps: AppointmentsDeps,
  user: LineIdentity,
  input: CreateAppointmentInput,
): Promise<CreateAppointmentAnswer> {
  const now = deps.now();
  const rules = await loadBookingRules(deps);
  const slot = checkBookableSlot(rules, Date.parse(input.datetime), now);
  if (!slot.ok) throw new DomainError('invalid_input', slot.message);

  const { answer, changed } =
    input.reschedule_id === null
      ? { answer: await book(deps, rules, user, input, slot, now), changed: true }
      : await reschedule(deps, rules, user, input.reschedule_id, input, slot, now);
  // A move the booking already holds (a resend, a double tap) is answered, but nobody is told twice.
  if (!changed) return answer;
  const when = formatSlotTime(slot.startsAt, rules.timeZone);
  publishAppointmentChange(deps, {
    kind: answer.rescheduled ? 'moved' : 'booked',
    id: answer.appointment.id,
    datetime: answer.appointment.datetime,
  });
  // Issue 15 item 2: the confirmation links into the mini-app's booking (see, reschedule, cancel).
  const link = bookingLink(deps, answer.appointment.id);
  notifyLineUser(
    deps,
    user.userId,
    answer.rescheduled
      ? `Your appointment has been moved to ${when}.\nSee or change it: ${link}`
      : `Your appointment is booked for ${when}.\nSee or change it: ${link}`,
  );
  return answer;
}

type Slot = { startsAt: number; endsAt: number };

/**
 * register-user failures are only logged by the mini-app (001 §8), so a booking makes sure the staff
 * view still has a name for this user (inside the booking's transaction when it books).
 */
async function seeLineUser(db: AppointmentsDb, user: LineIdentity, now: number): Promise<void> {
  await db
    .insertInto('appointment_line_users')
    .values({ line_user_id: user.userId, display_name: user.name ?? 'LINE user', first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('line_user_id').doUpdateSet({ last_seen_at: now }))
    .execute();
}

async function book(
  deps: AppointmentsDeps,
  rules: BookingRules,
  user: LineIdentity,
  input: CreateAppointmentInput,
  slot: Slot,
  now: number,
): Promise<CreateAppointmentAnswer> {
  const row = await claimSeats(
    deps,
    rules,
    { lineUserId: user.userId, startsAt: slot.startsAt, endsAt: slot.endsAt, now, needsUserSeat: true },
    async (seats, db) => {
      await seeLineUser(db, user, now);
      const booked = await db
        .insertInto('appointments')
        .values(newBookingRow(user.userId, slot.startsAt, slot.endsAt, input.topic, now, seats))
        .returningAll()
        .executeTakeFirstOrThrow();
      // Decision 0041: the booking and its first reminder commit together.
      await queueReminders(deps, rules, { id: booked.id, startsAt: slot.startsAt }, { within: db });
      return booked;
    },
  );
  return { appointment: toAppointment(row), rescheduled: false };
}

async function reschedule(
  deps: AppointmentsDeps,
  rules: BookingRules,
  user: LineIdentity,
  id: number,
  input: CreateAppointmentInput,
  slot: Slot,
  now: number,
): Promise<{ answer: CreateAppointmentAnswer; changed: boolean }> {
  await seeLineUser(deps.db, user, now);
  const existing = await deps.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  // Someone else's booking answers exactly like a missing one: ids are not a way to probe bookings.
  // A seat held for a waitlist offer is not a booking to move (issue 15 item 6).
  if (!existing || existing.line_user_id !== user.userId || existing.held_until !== null)
    throw new DomainError('not_found', 'We could not find that appointment to reschedule.');
  if (existing.status !== 'booked') throw new DomainError('appointments.cancelled');
  if (existing.starts_at <= now) throw new DomainError('appointments.already_started');
  // The same move again (a resend, a double tap, or one that raced this and won): already made.
  const made = (row: { starts_at: number; topic: string | null }) =>
    row.starts_at === slot.startsAt && (input.topic == null || input.topic === row.topic);
  if (made(existing)) return { answer: { appointment: toAppointment(existing), rescheduled: true }, changed: false };

  // One UPDATE moves the booking: it is never in both slots or in neither. An empty topic keeps
  // the one given when booking (the reschedule form starts empty, 001 §2). Guarded by the seat read
  // above, so the seat freed is the one the row held; a move by another request meanwhile is a conflict.
  // Issue 15 item 6: in the same transaction the old seat passes to that day's waitlist.
  const moved = await claimSeats(
    deps,
    rules,
    { lineUserId: user.userId, startsAt: slot.startsAt, endsAt: slot.endsAt, now, excludeId: id, needsUserSeat: false },
    async ({ seat }, db) => {
      const row = await db
        .updateTable('appointments')
        .set((eb) => ({
          starts_at: slot.startsAt,
          ends_at: slot.endsAt,
          seat,
          topic: input.topic ?? existing.topic,
          updated_at: now,
          reschedule_count: eb('reschedule_count', '+', 1),
        }))
        .where('id', '=', id)
        .where('line_user_id', '=', user.userId)
        .where('status', '=', 'booked')
        .where('held_until', 'is', null)
        .where('starts_at', '=', existing.starts_at)
        .where('seat', '=', existing.seat)
        .returningAll()
        .executeTakeFirst();
      // The move starts a new reminder chain for the new time, in the move's commit (decision 0041).
      if (row) await queueReminders(deps, rules, { id, startsAt: slot.startsAt }, { within: db });
      const freesSeat = row !== undefined && existing.starts_at !== slot.startsAt;
      const offer = freesSeat ? await passSeatToWaitlist(deps, rules, db, { startsAt: existing.starts_at, seat: existing.seat }) : null;
      return { row, offer };
    },
  );
  if (!moved.row) {
    const current = await deps.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
    if (current?.status === 'booked' && current.held_until === null && made(current))
      return { answer: { appointment: toAppointment(current), rescheduled: true }, changed: false };
    throw new DomainError(current?.status === 'booked' ? 'conflict' : 'appointments.cancelled');
  }
  announceWaitlistOffer(deps, moved.offer);
  return { answer: { appointment: toAppointment(moved.row), rescheduled: true }, changed: true };
}
