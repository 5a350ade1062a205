import type { CancelMyAppointmentAnswer } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import { bookingLink } from './booking-link';
import { cancelBooking } from './cancel-booking';
import { formatSlotTime } from './format-slot-time';
import { notifyLineUser } from './notify-line-user';
import { publishAppointmentChange } from './publish-appointment-change';
import { announceWaitlistOffer } from './waitlist';
import { toAppointment } from './to-appointment';

/**
 * Issue 15 item 2: a LINE user cancels their own booking before it starts; the slot and their place
 * are free again. Someone else's booking answers like a missing one (ids are no way to probe).
 */
export async function cancelMyAppointment(deps: AppointmentsDeps, lineUserId: string, id: number): Promise<CancelMyAppointmentAnswer> {
  const now = deps.now();
  const existing = await deps.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!existing || existing.line_user_id !== lineUserId || existing.held_until !== null)
    throw new DomainError('not_found', 'We could not find that appointment.');
  if (existing.status !== 'booked') throw new DomainError('appointments.already_cancelled');
  if (existing.starts_at <= now)
    throw new DomainError('appointments.already_started', 'This appointment has already started, so it cannot be cancelled.');
  // Issue 15 item 6: the seat passes to the day's waitlist in the cancelling transaction.
  const { row, offer } = await cancelBooking(deps, id, { cancelled_by: `line:${lineUserId}` });
  if (!row) throw new DomainError('appointments.already_cancelled');
  publishAppointmentChange(deps, { kind: 'cancelled', id, datetime: new Date(row.starts_at).toISOString() });
  announceWaitlistOffer(deps, offer);
  notifyLineUser(
    deps,
    lineUserId,
    `You cancelled your appointment on ${formatSlotTime(row.starts_at, deps.timeZone)}. Book again: ${bookingLink(deps, null)}`,
  );
  return { appointment: toAppointment(row) };
}
