import { APPOINTMENTS_ERRORS, type CreateAppointmentAnswer, type CreateAppointmentInput } from '@guildhall/contracts/appointments';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import type { LineIdentity } from '@server/core/auth/line-id-token';
import type { AppointmentsDeps } from './appointments-deps';
import { newBookingRow } from './appointments-tables';
import { checkBookableSlot } from './booking-rules';
import { formatSlotTime } from './format-slot-time';
import { notifyLineUser } from './notify-line-user';
import { toAppointment } from './to-appointment';

export const SLOT_TAKEN_MESSAGE = APPOINTMENTS_ERRORS['appointments.slot_taken'].sentence;

/**
 * 001 §7 create-appointment: books the slot for the verified LINE user, or with reschedule_id moves
 * that user's active booking there. The unique index on active slots settles races: whoever's write
 * lands first gets the slot, everyone else gets `appointments.slot_taken` (409), and nothing else is written.
 */
export async function createAppointment(
  deps: AppointmentsDeps,
  user: LineIdentity,
  input: CreateAppointmentInput,
): Promise<CreateAppointmentAnswer> {
  const now = deps.now();
  const slot = checkBookableSlot(deps.rules, Date.parse(input.datetime), now);
  if (!slot.ok) throw new DomainError('invalid_input', slot.message);

  // register-user failures are only logged by the mini-app (001 §8), so make sure the staff view
  // still has a name for this user.
  await deps.db
    .insertInto('appointment_line_users')
    .values({ line_user_id: user.userId, display_name: user.name ?? 'LINE user', first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('line_user_id').doUpdateSet({ last_seen_at: now }))
    .execute();

  const answer =
    input.reschedule_id === null
      ? await book(deps, user, input, slot, now)
      : await reschedule(deps, user, input.reschedule_id, input, slot, now);
  const when = formatSlotTime(slot.startsAt, deps.rules.timeZone);
  notifyLineUser(
    deps,
    user.userId,
    answer.rescheduled ? `Your appointment has been moved to ${when}.` : `Your appointment is booked for ${when}.`,
  );
  return answer;
}

type Slot = { startsAt: number; endsAt: number };

async function book(
  deps: AppointmentsDeps,
  user: LineIdentity,
  input: CreateAppointmentInput,
  slot: Slot,
  now: number,
): Promise<CreateAppointmentAnswer> {
  try {
    const row = await deps.db
      .insertInto('appointments')
      .values(newBookingRow(user.userId, slot.startsAt, slot.endsAt, input.topic, now))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { appointment: toAppointment(row), rescheduled: false };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('appointments.slot_taken');
    throw error;
  }
}

async function reschedule(
  deps: AppointmentsDeps,
  user: LineIdentity,
  id: number,
  input: CreateAppointmentInput,
  slot: Slot,
  now: number,
): Promise<CreateAppointmentAnswer> {
  const existing = await deps.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  // Someone else's booking answers exactly like a missing one: ids are not a way to probe bookings.
  if (!existing || existing.line_user_id !== user.userId)
    throw new DomainError('not_found', 'We could not find that appointment to reschedule.');
  if (existing.status !== 'booked') throw new DomainError('appointments.cancelled');
  if (existing.starts_at <= now) throw new DomainError('appointments.already_started');

  try {
    // One UPDATE moves the booking: it is never in both slots or in neither. An empty topic keeps
    // the one given when booking (the reschedule form starts empty, 001 §2).
    const row = await deps.db
      .updateTable('appointments')
      .set((eb) => ({
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        topic: input.topic ?? existing.topic,
        updated_at: now,
        reschedule_count: eb('reschedule_count', '+', 1),
      }))
      .where('id', '=', id)
      .where('line_user_id', '=', user.userId)
      .where('status', '=', 'booked')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new DomainError('appointments.cancelled');
    return { appointment: toAppointment(row), rescheduled: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('appointments.slot_taken');
    throw error;
  }
}
