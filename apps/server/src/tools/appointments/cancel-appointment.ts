import type { CancelAppointmentAnswer } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import { cancelBooking } from './cancel-booking';
import { formatSlotTime } from './format-slot-time';
import { notifyLineUser } from './notify-line-user';
import { publishAppointmentChange } from './publish-appointment-change';
import { announceWaitlistOffer } from './waitlist';
import { toStaffAppointment } from './to-appointment';

/** Staff cancel a booking with a reason; the slot is free again and the user is told (when pushes are on). */
export async function cancelAppointment(
  deps: AppointmentsDeps,
  staff: { discordId: string },
  id: number,
  reason: string,
  expectedStart?: string,
): Promise<CancelAppointmentAnswer> {
  const expectedStartsAt = expectedStart === undefined ? undefined : Date.parse(expectedStart);
  // Issue 15 item 6: the seat passes to the day's waitlist in the cancelling transaction.
  const { row: updated, offer } = await cancelBooking(deps, id, { cancelled_by: staff.discordId, cancel_reason: reason }, expectedStartsAt);
  if (!updated) {
    const existing = await deps.db
      .selectFrom('appointments')
      .select(['status', 'held_until', 'starts_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing || existing.held_until !== null) throw new DomainError('not_found', 'There is no appointment with that id.');
    if (existing.status !== 'booked') throw new DomainError('appointments.already_cancelled');
    // Decision 0053: the user moved it since the staff page was drawn. Nothing was written and no
    // LINE message goes: cancelling it at a time the staff member never saw told the user it was off.
    if (expectedStartsAt !== undefined && existing.starts_at !== expectedStartsAt)
      throw new DomainError(
        'conflict',
        `This appointment has moved to ${formatSlotTime(existing.starts_at, deps.timeZone)} since you opened it. Look again before cancelling.`,
      );
    // As for the LINE user's own cancel: a booking that has started is marked attended or no-show,
    // not cancelled (it was, and its user was told their attended appointment had been cancelled).
    throw new DomainError(
      'appointments.already_started',
      'This appointment has already started, so it cannot be cancelled: mark it attended or no-show instead.',
    );
  }
  const user = await deps.db
    .selectFrom('appointment_line_users')
    .select('display_name')
    .where('line_user_id', '=', updated.line_user_id)
    .executeTakeFirst();
  publishAppointmentChange(deps, { kind: 'cancelled', id, datetime: new Date(updated.starts_at).toISOString() });
  announceWaitlistOffer(deps, offer);
  notifyLineUser(
    deps,
    updated.line_user_id,
    `Your appointment on ${formatSlotTime(updated.starts_at, deps.timeZone)} has been cancelled. Reason: ${reason}`,
  );
  return { appointment: toStaffAppointment({ ...updated, display_name: user?.display_name ?? null }) };
}
