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
}

export interface AppointmentsTable extends StoredAppointment {
  id: Generated<number>;
}

export type AppointmentsTables = {
  appointment_line_users: AppointmentLineUsersTable;
  appointments: AppointmentsTable;
};

/** The tool's view of the database (decision 0016), built once in makeAppointmentsDeps. */
export type AppointmentsDb = ToolDb<AppointmentsTables>;

/** The row of a booking made now (001 §7 create-appointment): booked, never moved or cancelled. */
export function newBookingRow(lineUserId: string, startsAt: number, endsAt: number, topic: string | null, now: number) {
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
  };
}
