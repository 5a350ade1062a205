import type { StaffAppointmentEvent } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';

/** The core/events topic of booking changes (LISTEN/NOTIFY on PostgreSQL, so every process hears). */
export const APPOINTMENTS_TOPIC = 'appointments';

/**
 * Issue 15 item 5: tells open staff pages that a booking changed. After the write; a failure to
 * publish never fails the booking (the page also refreshes on reconnect and on focus).
 */
export function publishAppointmentChange(deps: Pick<AppointmentsDeps, 'events' | 'log'>, event: StaffAppointmentEvent): void {
  deps.events
    .publish(APPOINTMENTS_TOPIC, event)
    .catch((error: unknown) => deps.log.warn({ err: error }, 'appointment change not published'));
}
