import type { Generated } from 'kysely';
import type { StoredAppointment } from '@guildhall/contracts/appointments';
import type { ToolDb } from '@server/core/db/tool-db';

// Times are epoch milliseconds (conventions.md). 001 §3: "The stored shape of an appointment is not
// shown"; this is Guildhall's.

/** 001 §7 register-user: the LINE users the mini-app has seen. */
export interface AppointmentLineUsersTable {
  line_user_id: string;
  display_name: string;
  first_seen_at: number;
  last_seen_at: number;
  /** Decision 0073: times display_name changed (the staff feed's SEQUENCE counts them), and the last time. */
  name_changes: Generated<number>;
  name_changed_at: number | null;
}

export interface AppointmentsTable extends StoredAppointment {
  id: Generated<number>;
  /**
   * Issue 15 item 6: set on a seat held for a waitlist offer (until then), null on a booking. A hold is
   * a booked row so the seat unique index covers it; lists, reminders and by-id actions skip holds.
   */
  held_until: number | null;
}

/** Issue 15 item 3: named settings as JSON (one row, 'booking', the rules staff set). */
export interface AppointmentSettingsTable {
  name: string;
  value: string;
  updated_at: number;
  updated_by: string;
}

/** Issue 15 item 4: reminders sent (one per booking, start and offset). */
export interface AppointmentRemindersSentTable {
  appointment_id: number;
  starts_at: number;
  hours_before: number;
  sent_at: number;
}

/** Issue 15 item 6: a LINE user waiting for a full day; `offered` holds a freed slot until it expires. */
export interface AppointmentWaitlistTable {
  id: Generated<number>;
  line_user_id: string;
  date: string;
  status: 'waiting' | 'offered' | 'booked' | 'expired';
  offered_start: number | null;
  offer_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export type AppointmentsTables = {
  appointment_waitlist: AppointmentWaitlistTable;
  appointment_reminders_sent: AppointmentRemindersSentTable;
  appointment_line_users: AppointmentLineUsersTable;
  appointments: AppointmentsTable;
  appointment_settings: AppointmentSettingsTable;
};

/** The tool's view of the database (decision 0016), built once in makeAppointmentsDeps. */
export type AppointmentsDb = ToolDb<AppointmentsTables>;

/** The row of a booking made now (001 §7 create-appointment): booked, never moved or cancelled. */
export function newBookingRow(
  lineUserId: string,
  startsAt: number,
  endsAt: number,
  topic: string | null,
  now: number,
  seats: { seat: number; userSeat: number | null } = { seat: 1, userSeat: null },
) {
  return {
    line_user_id: lineUserId,
    starts_at: startsAt,
    ends_at: endsAt,
    topic,
    status: 'booked' as const,
    reschedule_count: 0,
    created_at: now,
    updated_at: now,
    cancelled_at: null,
    cancel_reason: null,
    cancelled_by: null,
    seat: seats.seat,
    user_seat: seats.userSeat,
    attendance: null,
    held_until: null,
  };
}
